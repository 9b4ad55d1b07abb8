import { useState } from 'react';
import { Inbox, Loader2 } from 'lucide-react';
import { INBOX_FILTER_LABELS, INBOX_FILTERS, type InboxFilter, type InboxItem } from '#shared/schemas/inbox.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useInbox, useMarkInboxDone } from '../api/inbox.ts';
import { useSetLeadOwner } from '../api/lead-owners.ts';
import { useNow } from '../list/use-now.ts';
import { InboxRow } from './inbox-row.tsx';

const EMPTY: Record<InboxFilter, string> = {
  mine: 'Nothing waits for you: every customer who wrote to one of your leads has an answer.',
  unassigned: 'No unassigned conversation waits for an answer.',
  all: 'Inbox zero: every customer who wrote has an answer.',
};

/** The inbox (ADR 065): filters, the waiting conversations newest first, and 'Load more'. */
export function InboxList({ meId, onReply }: { meId: number; onReply: (item: InboxItem) => void }) {
  const [filter, setFilter] = useState<InboxFilter>('all');
  const inbox = useInbox(filter);
  const done = useMarkInboxDone();
  const assign = useSetLeadOwner();
  const reportStale = useReportStaleWrite();
  const now = useNow(30_000);
  const [busyId, setBusyId] = useState<number | null>(null);
  const items = inbox.data?.pages.flatMap((p) => p.items);

  const actions = {
    busyId,
    onReply,
    onDone: (item: InboxItem) => {
      setBusyId(item.leadId);
      done.mutate(item.leadId, {
        onSuccess: () => toastSuccess(`${item.name} marked as done`),
        onError: (err) => toastFailure('Failed to mark as done', err),
        onSettled: () => setBusyId(null),
      });
    },
    onAssign: (item: InboxItem, owner: number | null) => {
      setBusyId(item.leadId);
      assign.mutate(
        { leadId: item.leadId, assignedTo: owner, version: item.version },
        {
          onSuccess: () => toastSuccess(`Owner of ${item.reference} updated`),
          onError: (err) => {
            if (!reportStale(err)) toastFailure('Failed to change the owner', err);
          },
          onSettled: () => setBusyId(null),
        },
      );
    },
  };

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Show" className="inline-flex gap-1 rounded-lg border bg-muted/40 p-1">
        {INBOX_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'default' : 'ghost'}
            aria-pressed={f === filter}
            className="h-7"
            onClick={() => setFilter(f)}
          >
            {INBOX_FILTER_LABELS[f]}
          </Button>
        ))}
      </div>
      <Card className="overflow-hidden p-0">
        <QueryStates
          query={{ ...inbox, data: items }}
          errorTitle="The inbox could not be loaded"
          errorLayout="inline"
          errorClassName="p-4"
          pending={
            <div className="space-y-3 p-4" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          }
          isEmpty={(list) => list.length === 0}
          empty={
            <div className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
              <Inbox className="size-8" aria-hidden />
              <p>{EMPTY[filter]}</p>
            </div>
          }
        >
          {(list) => (
            <ul className="divide-y" aria-label="Conversations waiting for an answer">
              {list.map((item) => (
                <InboxRow key={item.leadId} item={item} now={now} meId={meId} actions={actions} />
              ))}
            </ul>
          )}
        </QueryStates>
      </Card>
      {inbox.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
            {inbox.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />} Load more
          </Button>
        </div>
      )}
    </div>
  );
}
