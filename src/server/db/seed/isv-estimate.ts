import type { Fuel } from './cars.ts';

/**
 * ISV and IVA figures for demo proposals, following /work/shared/spec/isv-rules.md closely enough
 * that the amounts look right. The product's tax engine is the authority; seed data only needs
 * believable numbers, so this stays a private, compact copy of the 2024-2026 tables.
 */

type Band = readonly [upTo: number, rate: number, deduction: number];

const CYLINDER: readonly Band[] = [[1000, 1.09, 849.03], [1250, 1.18, 850.69], [Infinity, 5.61, 6194.88]];
const PETROL_WLTP: readonly Band[] = [
  [110, 0.44, 43.02], [115, 1.1, 115.8], [120, 1.38, 147.79], [130, 5.27, 619.17], [145, 6.38, 762.73],
  [175, 41.54, 5819.56], [195, 51.38, 7247.39], [235, 193.01, 34190.52], [Infinity, 233.81, 41910.96],
];
const PETROL_NEDC: readonly Band[] = [
  [99, 4.62, 427], [115, 8.09, 750.99], [145, 52.56, 5903.94], [175, 61.24, 7140.17], [195, 155.97, 23627.27],
  [Infinity, 205.65, 33390.12],
];
const DIESEL_WLTP: readonly Band[] = [
  [110, 1.72, 11.5], [120, 18.96, 1906.19], [140, 65.04, 7360.85], [150, 127.4, 16080.57], [160, 160.81, 21176.06],
  [170, 221.69, 29227.38], [190, 274.08, 36987.98], [Infinity, 282.35, 38271.32],
];
const DIESEL_NEDC: readonly Band[] = [
  [79, 5.78, 439.04], [95, 23.45, 1848.58], [120, 79.22, 7195.63], [140, 175.73, 18924.92], [160, 195.43, 21720.92],
  [Infinity, 268.42, 33447.9],
];
/** Age reduction by whole years (upper bounds inclusive), EU-registered used cars. */
const AGE_REDUCTION: readonly (readonly [number, number])[] = [
  [1, 0.1], [2, 0.2], [3, 0.28], [4, 0.35], [5, 0.43], [6, 0.52], [7, 0.6], [8, 0.65], [9, 0.7], [10, 0.75],
  [Infinity, 0.8],
];
const DIESEL_PARTICLE_SURCHARGE = 500;
export const IVA_RATE = 0.23;

function band(table: readonly Band[], value: number): number {
  const row = table.find(([upTo]) => value <= upTo) ?? table[table.length - 1]!;
  return value * row[1] - row[2];
}

/** Fractional years between two dates (enough precision for a demo estimate). */
export function yearsBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / (365.25 * 24 * 3600 * 1000);
}

export interface IsvInput {
  fuel: Fuel;
  engineCc: number | null;
  co2: number;
  /** CO2 measured under WLTP (first registrations from September 2018) rather than NEDC. */
  wltp: boolean;
  electricRangeKm: number | null;
  firstRegistration: Date;
  declarationDate: Date;
}

export function estimateIsvCents(input: IsvInput): number {
  if (input.fuel === 'electric' || input.engineCc === null) return 0;
  const diesel = input.fuel === 'diesel' || input.fuel === 'diesel_hybrid';
  const co2Table = diesel ? (input.wltp ? DIESEL_WLTP : DIESEL_NEDC) : input.wltp ? PETROL_WLTP : PETROL_NEDC;
  const before = band(CYLINDER, input.engineCc) + band(co2Table, input.co2) + (diesel ? DIESEL_PARTICLE_SURCHARGE : 0);

  const age = yearsBetween(input.firstRegistration, input.declarationDate);
  const reduction = (AGE_REDUCTION.find(([upTo]) => age <= upTo) ?? AGE_REDUCTION[AGE_REDUCTION.length - 1]!)[1];

  const range = input.electricRangeKm ?? 0;
  const regYear = input.firstRegistration.getUTCFullYear();
  const longRange = range >= 50 || (input.fuel === 'plugin_hybrid' && regYear >= 2015 && regYear <= 2020 && range >= 25);
  const qualifies = longRange && input.co2 < 50;
  const rate = !qualifies ? 1 : input.fuel === 'plugin_hybrid' ? 0.25 : 0.6;

  return Math.max(0, Math.round(before * (1 - reduction) * rate * 100));
}

/** IVA is due only on a "new" means of transport: at most 6 months old or at most 6000 km. */
export function estimateIvaCents(priceCents: number, isvCents: number, mileageKm: number, ageYears: number): number {
  const isNew = mileageKm <= 6000 || ageYears <= 0.5;
  return isNew ? Math.round((priceCents + isvCents) * IVA_RATE) : 0;
}
