import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/leads/status.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
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
            <Tooltip key={status}>
              <TooltipTrigger asChild>
                {/* The disabled item ignores the pointer; this wrapper carries the tooltip. */}
                <div>
                  <SelectItem value={status} disabled aria-description={CONVERTED_HINT}>
                    {LEAD_STATUS_LABELS[status]}
                  </SelectItem>
                </div>
              </TooltipTrigger>
              <TooltipContent side="left">{CONVERTED_HINT}</TooltipContent>
            </Tooltip>
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
