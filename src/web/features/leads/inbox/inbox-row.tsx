import { Link } from 'react-router';
import { Check, Clock, Loader2, Reply } from 'lucide-react';
import type { InboxItem } from '#shared/schemas/inbox.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { SourceBadge } from '../list/components/lead-badges.tsx';
import { OwnerSelect } from '../owner/owner-select.tsx';
import { waitedTooLong, waitingTime } from './waiting-time.ts';

export interface InboxRowActions {
  onReply: (item: InboxItem) => void;
  onDone: (item: InboxItem) => void;
  onAssign: (item: InboxItem, owner: number | null) => void;
  /** The lead whose done or assign is on its way. */
  busyId: number | null;
}

/** One conversation waiting for us: who, whose, which mailbox, how long, the first lines, and what to do. */
export function InboxRow({
  item,
  now,
  meId,
  actions,
}: {
  item: InboxItem;
  now: Date;
  meId: number;
  actions: InboxRowActions;
}) {
  const late = waitedTooLong(item.waitingSince, now);
  const busy = actions.busyId === item.leadId;
  return (
    <li
      className={cn('flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start', item.unread && 'bg-primary/5')}
      data-testid="inbox-row"
      data-lead-id={item.leadId}
      aria-label={`${item.name}, ${item.reference}${item.unread ? ', unread' : ''}`}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {item.unread && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
          <Link
            to={`/admin/leads/${item.leadId}`}
            className={cn('truncate hover:underline', item.unread ? 'font-semibold' : 'font-medium')}
          >
            {item.name}
          </Link>
          <span className="text-xs text-muted-foreground">{item.reference}</span>
          <SourceBadge source={item.mailbox} />
          <span
            className={cn(
              'inline-flex items-center gap-1 text-xs',
              late ? 'font-medium text-red-700 dark:text-red-400' : 'text-muted-foreground',
            )}
            title={`Waiting since ${new Date(item.waitingSince).toLocaleString('en-US', { hour12: false })}`}
          >
            <Clock className="size-3" aria-hidden />
            <span>waiting {waitingTime(item.waitingSince, now)}</span>
          </span>
        </div>
        <p className={cn('truncate text-sm', item.unread && 'font-medium')}>{item.subject || '(no subject)'}</p>
        {item.preview && <p className="line-clamp-2 text-sm text-muted-foreground">{item.preview}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:flex-nowrap sm:justify-end">
        <OwnerSelect
          value={item.assignedTo}
          meId={meId}
          label={`Owner of ${item.reference}`}
          disabled={busy}
          className="w-full sm:w-40"
          onChange={(owner) => actions.onAssign(item, owner)}
        />
        <Button size="sm" onClick={() => actions.onReply(item)} disabled={!item.email}>
          <Reply aria-hidden /> Reply
        </Button>
        <Button size="sm" variant="outline" onClick={() => actions.onDone(item)} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />} Done
        </Button>
      </div>
    </li>
  );
}
