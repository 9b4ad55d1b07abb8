import { AppError } from '#server/lib/app-error.ts';
import { LOST_REASON_REQUIRED, lostReasonLine, type LostReason } from '#shared/leads/lost-reasons.ts';
import type { LeadUpdate } from '#shared/schemas/lead-writes.ts';

export const LOST_REASON_WITHOUT_REJECT = 'A lost reason goes with the status Rejected';

/**
 * What a lead update does to the lost reason (ADR 067): moving to rejected needs a reason and
 * writes a timeline note; a rejected lead may have its reason corrected (noted again); leaving
 * rejected clears it (the timeline keeps the history).
 */
export function lostReasonChange(currentStatus: string, input: LeadUpdate) {
  const nextStatus = input.status ?? currentStatus;
  const rejecting = nextStatus === 'rejected' && currentStatus !== 'rejected';
  if (nextStatus !== 'rejected') {
    if (input.lostReason !== undefined)
      throw new AppError('VALIDATION', LOST_REASON_WITHOUT_REJECT, { lostReason: LOST_REASON_WITHOUT_REJECT });
    return currentStatus === 'rejected' ? { set: { lostReason: null, lostReasonText: null } } : { set: {} };
  }
  if (input.lostReason === undefined) {
    if (rejecting) throw new AppError('VALIDATION', LOST_REASON_REQUIRED, { lostReason: LOST_REASON_REQUIRED });
    return { set: {} };
  }
  const reason: LostReason = input.lostReason;
  const text = input.lostReasonText ?? null;
  return {
    set: { lostReason: reason, lostReasonText: text },
    entry: {
      type: 'chat' as const,
      title: rejecting ? 'Lead rejected' : 'Lost reason changed',
      description: `Reason: ${lostReasonLine(reason, text)}`,
      metadata: { event: 'lead_lost' as const, outcome: reason },
    },
  };
}
