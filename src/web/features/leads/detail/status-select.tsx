import { useState } from 'react';
import { lostReasonLine, type LostReason } from '#shared/leads/lost-reasons.ts';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/leads/status.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { toastSuccess } from '#web/lib/notify.ts';
import { LostReasonDialog } from './lost-reason-dialog.tsx';
import { useLeadWrite } from './use-lead-write.ts';

/**
 * The seven statuses, the same set everywhere. Choosing Converted changes nothing here: it asks
 * `onConvert` (the screen opens 'Create Import from Lead'), and the lead becomes converted only
 * once the import exists; cancelling leaves the status as it was.
 */
export function StatusSelect({ lead, onConvert }: { lead: Lead; onConvert: () => void }) {
  // A one-click write: it sends the version on screen (ADR 024).
  const { write, pending } = useLeadWrite(lead);
  // Rejecting asks why first (ADR 067); cancelling leaves the status as it was.
  const [asking, setAsking] = useState(false);
  const onChange = (status: string) => {
    if (status === lead.status) return;
    if (status === 'converted') {
      onConvert();
      return;
    }
    if (status === 'rejected') {
      setAsking(true);
      return;
    }
    write(
      { status: status as LeadStatus },
      { failure: 'Failed to update status', onSuccess: () => toastSuccess('Status updated successfully') },
    );
  };
  const reject = (lostReason: LostReason, lostReasonText: string | null) =>
    write(
      { status: 'rejected', lostReason, lostReasonText },
      {
        failure: 'Failed to update status',
        onSuccess: () => {
          setAsking(false);
          toastSuccess('Status updated successfully');
        },
      },
    );
  return (
    <>
      {/* Controlled by the saved status: picking Converted or Rejected and cancelling shows the old status again. */}
      <Select value={lead.status} onValueChange={onChange} disabled={pending}>
        <SelectTrigger aria-labelledby="lead-status-label" className="w-full" data-testid="lead-status">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LEAD_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {lead.status === 'rejected' && (
        <p className="text-xs text-muted-foreground" data-testid="lead-lost-reason">
          Lost: {lostReasonLine(lead.lostReason, lead.lostReasonText)}
        </p>
      )}
      <LostReasonDialog open={asking} pending={pending} onCancel={() => setAsking(false)} onConfirm={reject} />
    </>
  );
}
