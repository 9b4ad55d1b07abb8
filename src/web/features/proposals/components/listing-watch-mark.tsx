import { Loader2, Radar, TriangleAlert } from 'lucide-react';
import { LISTING_CHECK_MESSAGES, type Proposal } from '#shared/schemas/proposals.ts';
import { listingChangeText } from '#shared/listings/watch.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useCheckListing } from '../api/check-listing.ts';

/**
 * The listing watch on one proposal (ADR 068): what changed on the quoted car's listing ('Listing
 * removed on 3 Dec', 'Price now €16 900, was €17 850'), when it was last read, and a check now.
 */
export function ListingWatchMark({ proposal: p }: { proposal: Proposal }) {
  const check = useCheckListing();
  if (!p.sourceListing) return null;
  const run = () =>
    check.mutate(p.id, {
      onSuccess: (answer) => {
        if (answer.outcome === 'retry') toastSuccess(LISTING_CHECK_MESSAGES.retry);
        else if (!answer.proposal.listingChange) toastSuccess(LISTING_CHECK_MESSAGES.unchanged);
      },
      onError: (err) => toastFailure('Failed to check the listing', err),
    });
  return (
    <div className="grid gap-1">
      {p.listingChange ? (
        <p
          className="flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
          data-testid="listing-watch-mark"
          role="status"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {listingChangeText(p.listingChange)}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
        <Radar className="size-3.5" aria-hidden />
        <span data-testid="listing-watch-checked">
          {p.listingCheckedAt
            ? `Listing checked ${formatDateTime(p.listingCheckedAt)}`
            : p.sentAt
              ? 'Listing watched daily'
              : 'Listing watched once the proposal is sent'}
        </span>
        <Button size="sm" variant="link" className="h-auto p-0 text-xs" onClick={run} disabled={check.isPending}>
          {check.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Check listing now
        </Button>
      </p>
    </div>
  );
}
