/**
 * Why a lead was lost (ADR 067): asked when staff reject a lead, stored on the lead and on its
 * timeline, and counted in the dashboard's funnel.
 */
import { z } from 'zod';

export const LOST_REASONS = ['price', 'found_elsewhere', 'no_answer', 'car_sold', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price',
  found_elsewhere: 'Found elsewhere',
  no_answer: 'No answer',
  car_sold: 'Car sold',
  other: 'Other',
};

/** Leads rejected before reasons were asked (or without one) count under this label. */
export const NO_LOST_REASON_LABEL = 'Not given';

export const LOST_REASON_TEXT_MAX = 500;
export const LOST_REASON_REQUIRED = 'Choose why the lead was lost';
export const LOST_REASON_TEXT_REQUIRED = 'Say in a few words why the lead was lost';

export const lostReasonSchema = z.enum(LOST_REASONS, { error: LOST_REASON_REQUIRED });
export const lostReasonTextSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.string().max(LOST_REASON_TEXT_MAX, `The reason is at most ${LOST_REASON_TEXT_MAX} characters`).nullable(),
);

/** The reason as one line: 'Price', 'Other: bought locally'. */
export function lostReasonLine(reason: LostReason | null, text: string | null): string {
  if (!reason) return NO_LOST_REASON_LABEL;
  return text ? `${LOST_REASON_LABELS[reason]}: ${text}` : LOST_REASON_LABELS[reason];
}
