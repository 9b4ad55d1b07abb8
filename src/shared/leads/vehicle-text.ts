/**
 * A lead's make and model when nobody named them (ADR 063): stored empty (leads from e-mail) or,
 * on older and hand-saved leads, as the text 'Not specified'. Every reader treats both as unknown;
 * screens show 'Not specified', sentences say 'a car', templates ask staff to fill the value.
 */
import { NOT_SPECIFIED } from '#shared/schemas/leads.ts';

/** Whether a make or model is unknown: empty, or the text 'Not specified'. */
export const isUnknownCarText = (value: string | null | undefined): boolean =>
  !value?.trim() || value.trim().toLowerCase() === NOT_SPECIFIED.toLowerCase();

/** A make or model as a screen shows it: the value, or 'Not specified'. */
export const carTextOrNotSpecified = (value: string | null | undefined): string =>
  isUnknownCarText(value) ? NOT_SPECIFIED : value!.trim();

/** Make and model for a line of text, unknown parts left out; 'Not specified' when both are unknown. */
export function carName(lead: { vehicleMake: string; vehicleModel: string }): string {
  const parts = [lead.vehicleMake, lead.vehicleModel].filter((v) => !isUnknownCarText(v)).map((v) => v.trim());
  return parts.length ? parts.join(' ') : NOT_SPECIFIED;
}
