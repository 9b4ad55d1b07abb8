import {
  BadgeEuro,
  Eye,
  FileText,
  Globe,
  Inbox,
  MessageSquare,
  Phone,
  Radar,
  Send,
  type LucideIcon,
} from 'lucide-react';
import type { TimelineKind } from '#shared/schemas/timeline.ts';
import { cn } from '#web/lib/cn.ts';

const ICONS: Record<TimelineKind, { icon: LucideIcon; tone: string }> = {
  proposal: { icon: FileText, tone: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300' },
  email_sent: { icon: Send, tone: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300' },
  email_received: { icon: Inbox, tone: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300' },
  call: { icon: Phone, tone: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300' },
  chat: { icon: MessageSquare, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  proposal_viewed: { icon: Eye, tone: 'bg-teal-100 text-teal-700 dark:bg-teal-950 dark:text-teal-300' },
  quote_request: { icon: Globe, tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' },
  status_change: { icon: BadgeEuro, tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300' },
  listing_watch: { icon: Radar, tone: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300' },
};

export function KindIcon({ kind, className }: { kind: TimelineKind; className?: string }) {
  const { icon: Icon, tone } = ICONS[kind];
  return (
    <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone, className)} aria-hidden>
      <Icon className="size-4" />
    </span>
  );
}
