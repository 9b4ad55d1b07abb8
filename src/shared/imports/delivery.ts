/**
 * When the car is expected (ADR 068): the expected delivery date and optional expected dates per
 * stage that staff keep on an import, as typed in the detail and read on the tracking page.
 */
import { z } from 'zod';
import { IMPORT_STAGE_SEQUENCE } from './tracking.ts';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
};

/** A date input's value ('2026-12-12'); empty clears it. */
export const expectedDateInput = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z
      .string(`${label} must be a date`)
      .regex(YMD, `${label} must be a date (YYYY-MM-DD)`)
      .refine(isRealDate, `${label} must be a real date`)
      .nullable(),
  );

/** The stages a date can be expected for: every stage after Confirmed (where an import starts). */
export const EXPECTABLE_STAGES = IMPORT_STAGE_SEQUENCE.filter((s) => s !== 'confirmed');
export type ExpectableStage = (typeof EXPECTABLE_STAGES)[number];

/** Expected dates by stage; a stage left out or cleared has none. The whole map is replaced. */
export const expectedStageDatesInput = z
  .partialRecord(z.enum(EXPECTABLE_STAGES), expectedDateInput('Expected date'), {
    error: 'Expected stage dates must be dates by stage',
  })
  .transform((map) => Object.fromEntries(Object.entries(map).filter(([, v]) => v)) as Record<string, string>);

/** Stored dates as written (ADR 016): a map of stage to date. */
export const expectedStageDatesSchema = z.record(z.string(), z.string());
