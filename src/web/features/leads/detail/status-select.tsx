import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/leads/status.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { useUpdateLead } from '../api/update-lead.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';

export const CONVERTED_HINT = 'Converting creates an import: available when imports arrive.';

/**
 * The seven statuses, the same set everywhere. Converted stays disabled until the imports feature
 * opens the Create Import dialog from it (ADR 012).
 */
export function StatusSelect({ lead }: { lead: Lead }) {
  const update = useUpdateLead(lead.id);
  const onChange = (status: string) =>
    update.mutate(
      { status: status as LeadStatus },
      {
        onSuccess: () => toastSuccess('Status updated successfully'),
        onError: (err) => toastFailure('Failed to update status', err),
      },
    );
  return (
    <Select value={lead.status} onValueChange={onChange} disabled={update.isPending}>
      <SelectTrigger aria-labelledby="lead-status-label" className="w-full" data-testid="lead-status">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {LEAD_STATUSES.map((status) =>
          status === 'converted' && lead.status !== 'converted' ? (
            // Disabled, with its reason in words under it: a tooltip could not open on a phone.
            <div key={status}>
              <SelectItem value={status} disabled aria-description={CONVERTED_HINT}>
                {LEAD_STATUS_LABELS[status]}
              </SelectItem>
              <p className="px-2 pb-1.5 text-xs text-muted-foreground" data-testid="converted-hint">
                {CONVERTED_HINT}
              </p>
            </div>
          ) : (
            <SelectItem key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </SelectItem>
          ),
        )}
      </SelectContent>
    </Select>
  );
}
