import { useInboxCount } from '#web/features/leads/api/inbox.ts';

/** The sidebar's unread count beside Inbox (ADR 065): conversations that are mine or nobody's. */
export function InboxCountBadge() {
  const count = useInboxCount().data ?? 0;
  if (count <= 0) return null;
  return (
    <span
      className="ml-auto min-w-5 rounded-full bg-primary px-1.5 text-center text-xs font-semibold leading-5 text-primary-foreground group-data-[collapsible=icon]:hidden"
      data-testid="inbox-count"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
