/**
 * A proposal's ISV, IVA and total (docs/tax-rules.md), computed by the shared tax engine. The editor
 * calls it on every keystroke and the server calls it on save, so the numbers the customer sees are
 * the ones staff saw while editing.
 */
import { calculateTax, TaxInputError } from '#shared/tax/calculate.ts';
import { isValidYmd } from '#shared/tax/dates.ts';
import { EARLIEST_TABLE_DATE } from '#shared/tax/table-sets.ts';
import type { Fuel, HybridKind, TaxResult } from '#shared/tax/types.ts';
import type { FuelType } from '#shared/vocabulary.ts';

export interface ProposalCostInput {
  vehicleFuelType: FuelType | null;
  vehicleEngineSize: number | null;
  vehicleCo2Emissions: number | null;
  /** 'MM/YYYY' */
  vehicleFirstRegistration: string | null;
  vehicleMileage: number | null;
  /** Decimal strings in euros. */
  vehiclePrice: string | null;
  transportCost: string;
  registrationFee: string;
  wltpValue: boolean;
  hybridValue: boolean;
  pluginValue: boolean;
  /** YYYY-MM-DD; null = today in Lisbon. */
  taxDeclarationDate: string | null;
  registrationCountry: 'eu' | 'non_eu';
  dieselParticlesBelowLimit: boolean;
  electricRangeKm: number | null;
  euro6eBis: boolean;
}

export interface ProposalCosts {
  /** Decimal strings with two places, or null when they cannot be computed yet. */
  isvCost: string | null;
  ivaCost: string | null;
  totalCost: string | null;
  /** The engine's itemised answer, when ISV was computed. */
  tax: TaxResult | null;
  /** What is missing or wrong before ISV can be computed, in words staff read in the editor. */
  missing: string[];
  /** The declaration date the tax was computed for. */
  declarationDate: string;
}

/** The tax tables of a canonical fuel: hybrids use their combustion fuel's tables (docs/tax-rules.md section 1). */
const ENGINE_FUEL: Record<FuelType, Fuel | null> = {
  petrol: 'petrol',
  diesel: 'diesel',
  petrol_hybrid: 'petrol',
  diesel_hybrid: 'diesel',
  // A plug-in whose combustion fuel is unknown: petrol, by far the common case; staff can choose.
  plugin_hybrid: 'petrol',
  electric: 'electric',
  lpg: 'lpg',
  other: null,
};

const MM_YYYY = /^(0[1-9]|1[0-2])\/(\d{4})$/;

/** 'MM/YYYY' -> 'YYYY-MM-01' (the day is not known; the first of the month is used), else null. */
export function firstRegistrationDate(mmYyyy: string | null): string | null {
  const m = mmYyyy ? MM_YYYY.exec(mmYyyy.trim()) : null;
  return m ? `${m[2]}-${m[1]}-01` : null;
}

/** The WLTP switch: on for first registrations from September 2018, or without one (docs/tax-rules.md section 5). */
export function defaultWltp(mmYyyy: string | null): boolean {
  const date = firstRegistrationDate(mmYyyy);
  return date === null || date >= '2018-09-01';
}

export const toCents = (money: string | null | undefined): number | null => {
  if (money === null || money === undefined || money.trim() === '') return null;
  const n = Number(money);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};
export const fromCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export function hybridKind(
  input: Pick<ProposalCostInput, 'vehicleFuelType' | 'hybridValue' | 'pluginValue'>,
): HybridKind {
  if (input.vehicleFuelType === 'electric') return 'none';
  if (input.pluginValue || input.vehicleFuelType === 'plugin_hybrid') return 'plugin';
  return input.hybridValue ? 'hybrid' : 'none';
}

export function computeProposalCosts(input: ProposalCostInput, today: string): ProposalCosts {
  const declarationDate = input.taxDeclarationDate ?? today;
  const missing: string[] = [];
  const fuel = input.vehicleFuelType ? ENGINE_FUEL[input.vehicleFuelType] : null;
  const firstRegistration = firstRegistrationDate(input.vehicleFirstRegistration);
  if (!input.vehicleFuelType) missing.push('Fuel type');
  else if (!fuel) missing.push('A fuel with tax tables (petrol, diesel, LPG, hybrid or electric)');
  if (fuel !== 'electric') {
    if (input.vehicleEngineSize === null || input.vehicleEngineSize <= 0) missing.push('Engine size (cc)');
    if (input.vehicleCo2Emissions === null) missing.push('CO2 emissions (g/km)');
  }
  if (input.vehicleFirstRegistration && !firstRegistration) missing.push('First registration as MM/YYYY');
  if (!isValidYmd(declarationDate)) missing.push('Declaration date as YYYY-MM-DD');
  else if (declarationDate < EARLIEST_TABLE_DATE) missing.push(`A declaration date on or after ${EARLIEST_TABLE_DATE}`);
  else if (firstRegistration && firstRegistration > declarationDate)
    missing.push('A first registration before the declaration date');

  const price = toCents(input.vehiclePrice);
  const fees = (toCents(input.transportCost) ?? 0) + (toCents(input.registrationFee) ?? 0);
  const none: ProposalCosts = { isvCost: null, ivaCost: null, totalCost: null, tax: null, missing, declarationDate };
  if (missing.length || !fuel) return none;

  let tax: TaxResult;
  try {
    tax = calculateTax({
      fuel,
      engineCc: fuel === 'electric' ? undefined : input.vehicleEngineSize!,
      co2: fuel === 'electric' ? undefined : input.vehicleCo2Emissions!,
      co2Cycle: input.wltpValue ? 'wltp' : 'nedc',
      firstRegistration,
      declarationDate,
      registrationCountry: input.registrationCountry,
      hybrid: hybridKind(input),
      electricRangeKm: input.electricRangeKm ?? 0,
      euro6eBis: input.euro6eBis,
      dieselParticlesBelowLimit: input.dieselParticlesBelowLimit,
      price: price === null ? undefined : price / 100,
      mileageKm: input.vehicleMileage ?? undefined,
    });
  } catch (err) {
    if (err instanceof TaxInputError) return { ...none, missing: [err.message] };
    throw err;
  }
  const isv = Math.round(tax.isv * 100);
  const iva = Math.round(tax.iva * 100);
  return {
    isvCost: fromCents(isv),
    ivaCost: fromCents(iva),
    totalCost: price === null ? null : fromCents(price + isv + iva + fees),
    tax,
    missing: price === null ? ['Vehicle price'] : [],
    declarationDate,
  };
}
