import { LEAD_STATUS_LABELS, type EmailSource, type LeadStatus } from '#shared/leads/status.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

/** One hue per status, readable on light and dark backgrounds. */
const STATUS_CLASSES: Record<LeadStatus, string> = {
  requested: 'bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-200',
  quoted: 'bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
  clarifying: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  waiting: 'bg-orange-100 text-orange-900 dark:bg-orange-500/20 dark:text-orange-200',
  contacted: 'bg-teal-100 text-teal-800 dark:bg-teal-500/20 dark:text-teal-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
  converted: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
};

export function LeadStatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn('border-transparent', STATUS_CLASSES[status], className)}
    >
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

export const SOURCE_LABELS: Record<EmailSource, string> = { geral: 'Geral', comercial: 'Comercial' };

/** Geral green, Comercial blue. */
const SOURCE_CLASSES: Record<EmailSource, string> = {
  geral: 'bg-green-700 text-white dark:bg-green-500/25 dark:text-green-200',
  comercial: 'bg-blue-600 text-white dark:bg-blue-500/25 dark:text-blue-200',
};

export function SourceBadge({ source, className }: { source: EmailSource; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-source={source}
      className={cn('border-transparent', SOURCE_CLASSES[source], className)}
    >
      {SOURCE_LABELS[source]}
    </Badge>
  );
}
