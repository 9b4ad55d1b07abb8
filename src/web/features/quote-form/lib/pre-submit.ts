import type { QuoteFormField } from '#shared/schemas/contact-form.ts';
import { QUOTE_FORM, QUOTE_FORM_MESSAGES } from '#shared/schemas/contact-form-rules.ts';
import type { QuoteFormValues } from './form-values.ts';

/** The schema module loads when the customer first uses the form, not with the page. */
export const loadQuoteSchema = () => import('#shared/schemas/contact-form.ts');

export type PreSubmitResult =
  { ok: true } | { ok: false; toast: string; fields?: Partial<Record<QuoteFormField, string>> };

/**
 * Section 5 in order: honeypot, minimum fill time, no field touched, then the shared schema
 * (its failure also shows the toast of item 7).
 */
export async function checkBeforeSending(input: {
  values: QuoteFormValues;
  honeypot: string;
  elapsedMs: number;
  touched: boolean;
  currentYear: number;
}): Promise<PreSubmitResult> {
  const M = QUOTE_FORM_MESSAGES;
  if (input.honeypot.trim() !== '') return { ok: false, toast: M.honeypot };
  if (input.elapsedMs < QUOTE_FORM.minFillMs) return { ok: false, toast: M.tooFast };
  if (!input.touched) return { ok: false, toast: M.untouched };
  const { quoteFormSchema, fieldErrors } = await loadQuoteSchema();
  const parsed = quoteFormSchema(input.currentYear).safeParse(input.values);
  if (!parsed.success) return { ok: false, toast: M.invalid, fields: fieldErrors(parsed.error) };
  return { ok: true };
}
