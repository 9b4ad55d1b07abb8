import type { Lead } from '#shared/schemas/leads.ts';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useSetLeadOwner } from '../api/lead-owners.ts';
import { OwnerSelect } from '../owner/owner-select.tsx';

/** The lead's owner (ADR 065): a one-click write with the version on screen; a stale one shows the notice. */
export function OwnerField({ lead }: { lead: Lead }) {
  const setOwner = useSetLeadOwner();
  const reportStale = useReportStaleWrite();
  return (
    <div className="grid gap-1.5">
      <span className="text-muted-foreground" id="lead-owner-label">
        Owner
      </span>
      <OwnerSelect
        value={lead.assignedTo}
        label="Owner"
        disabled={setOwner.isPending}
        className="h-9"
        onChange={(assignedTo) => {
          if (assignedTo === lead.assignedTo) return;
          setOwner.mutate(
            { leadId: lead.id, assignedTo, version: lead.version },
            {
              onSuccess: () => toastSuccess('Owner updated successfully'),
              onError: (err) => {
                if (!reportStale(err)) toastFailure('Failed to change the owner', err);
              },
            },
          );
        }}
      />
    </div>
  );
}
