import { z } from 'zod';
import { isValidYmd, todayInLisbon } from '#shared/tax/dates.ts';
import { EARLIEST_TABLE_DATE } from '#shared/tax/table-sets.ts';
import type { TaxInput } from '#shared/tax/types.ts';

const FUELS = ['petrol', 'diesel', 'electric', 'lpg'] as const;
const FUEL_LABEL = {
  petrol: 'a petrol car',
  diesel: 'a diesel car',
  lpg: 'an LPG car',
  electric: 'an electric car',
} as const;

const ymd = (field: string) =>
  z
    .string(`${field} must be a date written YYYY-MM-DD`)
    .refine(isValidYmd, `${field} must be a real date written YYYY-MM-DD`);

/** POST /api/isv/simulate (public). Defaults that depend on today are applied by toTaxInput. */
export const isvSimulateSchema = z.object({
  fuel: z.enum(FUELS, 'fuel must be one of petrol, diesel, electric, lpg'),
  engineCc: z
    .number('engineCc must be a positive whole number of cm3')
    .int('engineCc must be a positive whole number of cm3')
    .positive('engineCc must be a positive whole number of cm3')
    .max(20_000, 'engineCc is above 20000 cm3')
    .optional(),
  co2: z
    .number('co2 must be a whole number of g/km')
    .int('co2 must be a whole number of g/km')
    .min(0, 'co2 cannot be negative')
    .max(2_000, 'co2 is above 2000 g/km')
    .optional(),
  co2Cycle: z.enum(['wltp', 'nedc'], 'co2Cycle must be wltp or nedc').optional(),
  firstRegistration: ymd('firstRegistration').nullable().optional(),
  declarationDate: ymd('declarationDate').optional(),
  registrationCountry: z.enum(['eu', 'non_eu'], 'registrationCountry must be eu or non_eu').default('eu'),
  hybrid: z.enum(['none', 'hybrid', 'plugin'], 'hybrid must be none, hybrid or plugin').default('none'),
  electricRangeKm: z
    .number('electricRangeKm must be a number of km')
    .min(0, 'electricRangeKm cannot be negative')
    .max(2_000, 'electricRangeKm is above 2000 km')
    .default(0),
  euro6eBis: z.boolean('euro6eBis must be true or false').default(false),
  dieselParticlesBelowLimit: z.boolean('dieselParticlesBelowLimit must be true or false').default(false),
  price: z
    .number('price must be a number of euros')
    .min(0, 'price cannot be negative')
    .max(100_000_000, 'price is too large')
    .optional(),
  mileageKm: z
    .number('mileageKm must be a whole number of km')
    .int('mileageKm must be a whole number of km')
    .min(0, 'mileageKm cannot be negative')
    .max(5_000_000, 'mileageKm is too large')
    .optional(),
});
export type IsvSimulateRequest = z.input<typeof isvSimulateSchema>;
export type IsvSimulateParsed = z.output<typeof isvSimulateSchema>;

export const isvSimulateResponseSchema = z.object({
  isv: z.number(),
  iva: z.number(),
  breakdown: z.object({
    cylinderComponent: z.number(),
    environmentalComponent: z.number(),
    particleSurcharge: z.number(),
    ageReductionPercent: z.number(),
    intermediateRatePercent: z.number(),
    tableVersion: z.string(),
    co2Cycle: z.enum(['wltp', 'nedc']).nullable(),
    ageYears: z.number().nullable(),
    ivaApplies: z.boolean(),
    pendingTables: z.object({ year: z.number(), usingYear: z.number() }).nullable(),
  }),
  notes: z.array(z.string()),
});
export type IsvSimulateResponse = z.infer<typeof isvSimulateResponseSchema>;

/** GET /api/isv/tables-notice (admins): the notice that next year's tax tables are missing, or null. */
export const tablesNoticeSchema = z.object({ notice: z.string().nullable() });
export type TablesNotice = z.infer<typeof tablesNoticeSchema>;

/**
 * Applies the defaults (declaration date today in Lisbon) and the rules that span fields. Returns
 * the engine's input, or a plain-words message per wrong field.
 */
export function toTaxInput(
  v: IsvSimulateParsed,
  now: Date = new Date(),
): { input: TaxInput } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const declarationDate = v.declarationDate ?? todayInLisbon(now);
  if (v.fuel !== 'electric') {
    if (v.engineCc === undefined) fields.engineCc = `engineCc is required for ${FUEL_LABEL[v.fuel]}`;
    if (v.co2 === undefined) fields.co2 = `co2 is required for ${FUEL_LABEL[v.fuel]}`;
  } else if (v.hybrid !== 'none') {
    fields.hybrid = 'hybrid must be none for a battery electric car';
  }
  if (v.firstRegistration && v.firstRegistration > declarationDate)
    fields.firstRegistration = 'firstRegistration is after the declaration date';
  if (declarationDate < EARLIEST_TABLE_DATE) {
    fields.declarationDate = `declarationDate must be on or after ${EARLIEST_TABLE_DATE} (no tax tables before it)`;
  }
  if (Object.keys(fields).length) return { fields };
  return {
    input: {
      fuel: v.fuel,
      engineCc: v.engineCc,
      co2: v.co2,
      co2Cycle: v.co2Cycle,
      firstRegistration: v.firstRegistration ?? null,
      declarationDate,
      registrationCountry: v.registrationCountry,
      hybrid: v.hybrid,
      electricRangeKm: v.electricRangeKm,
      euro6eBis: v.euro6eBis,
      dieselParticlesBelowLimit: v.dieselParticlesBelowLimit,
      price: v.price,
      mileageKm: v.mileageKm,
    },
  };
}
