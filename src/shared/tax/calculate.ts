import { ageBandOf } from './age-band.ts';
import { addMonths, ageInStartedYears, compareYmd, parseYmd } from './dates.ts';
import { EARLIEST_TABLE_DATE, pendingTablesFor, tableSetFor } from './table-sets.ts';
import { pendingTablesText } from './tax-calendar.ts';
import type { Co2Cycle, LinearBand, TaxInput, TaxResult, TaxTableSet } from './types.ts';

// Product policies on points the law leaves open (docs/tax-rules.md section 6).
/** Negative components are added as they are; only the final ISV is floored at 0. */
export const FLOOR_FINAL_ISV_AT_ZERO = true;
/** No 100 EUR minimum is applied. */
export const MINIMUM_ISV_CENTS = 0;
/** Without a stated cycle: NEDC for first registrations before this month, WLTP from it. */
export const WLTP_DEFAULT_FROM = '2018-09-01';

const band = (bands: LinearBand[], value: number): LinearBand => bands.find((b) => b.upTo === null || value <= b.upTo)!;
const linear = (bands: LinearBand[], value: number) => {
  const b = band(bands, value);
  return value * b.rate - b.deduction; // cents
};
/** Round half away from zero of numerator/denominator, in integers (no float drift). */
const divRound = (numerator: number, denominator: number) =>
  Math.sign(numerator) * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));
const euros = (cents: number) => cents / 100;

export function defaultCo2Cycle(firstRegistration: string | null): Co2Cycle {
  return firstRegistration !== null && firstRegistration < WLTP_DEFAULT_FROM ? 'nedc' : 'wltp';
}

export class TaxInputError extends Error {
  constructor(
    readonly field: keyof TaxInput,
    message: string,
  ) {
    super(message);
    this.name = 'TaxInputError';
  }
}

function intermediatePercent(input: TaxInput, t: TaxTableSet, notes: string[]): number {
  if (input.hybrid === 'none') return 100;
  const co2 = input.co2 ?? Number.POSITIVE_INFINITY;
  const rules = t.intermediate;
  const euro6eBis = input.hybrid === 'plugin' && input.euro6eBis && input.declarationDate >= rules.euro6eBis.from;
  const co2Ok = co2 < rules.co2Below || (euro6eBis && co2 <= rules.euro6eBis.maxCo2);
  const year = input.firstRegistration ? parseYmd(input.firstRegistration).y : null;
  const legacyPlugin =
    input.hybrid === 'plugin' &&
    input.registrationCountry === 'eu' &&
    year !== null &&
    year >= rules.pluginLegacy.firstRegisteredFromYear &&
    year <= rules.pluginLegacy.firstRegisteredToYear;
  const minRange = legacyPlugin ? rules.pluginLegacy.minElectricRangeKm : rules.minElectricRangeKm;
  const rangeOk = input.electricRangeKm >= minRange;
  if (co2Ok && rangeOk) return input.hybrid === 'plugin' ? rules.pluginPercent : rules.hybridPercent;
  notes.push(
    `The ${input.hybrid === 'plugin' ? 'plug-in' : 'hybrid'} rate does not apply: it needs an electric range of at least ${minRange} km and CO2 below ${rules.co2Below} g/km${
      input.hybrid === 'plugin'
        ? ` (up to ${rules.euro6eBis.maxCo2} g/km for Euro 6e-bis plug-ins from ${rules.euro6eBis.from.slice(0, 4)})`
        : ''
    }; the full tax is due.`,
  );
  return 100;
}

/** ISV and IVA of one car, exact to the cent (docs/tax-rules.md). Inputs must already be validated. */
export function calculateTax(input: TaxInput): TaxResult {
  const t = tableSetFor(input.declarationDate);
  if (!t) throw new TaxInputError('declarationDate', `No tax tables for declarations before ${EARLIEST_TABLE_DATE}`);
  const declaration = parseYmd(input.declarationDate);
  const first = input.firstRegistration ? parseYmd(input.firstRegistration) : null;
  if (first && compareYmd(first, declaration) > 0)
    throw new TaxInputError('firstRegistration', 'firstRegistration is after the declaration date');
  const notes: string[] = [];
  const pendingTables = pendingTablesFor(input.declarationDate);
  if (pendingTables) notes.push(`${pendingTablesText(pendingTables, 'en')}.`);
  const ageYears = first ? ageInStartedYears(first, declaration) : null;

  let isvCents = 0;
  let cylinder = 0;
  let environmental = 0;
  let surcharge = 0;
  let reduction = 0;
  let intermediate = 100;
  let cycle: Co2Cycle | null = null;

  if (input.fuel === 'electric') {
    notes.push('Battery electric cars pay no ISV.');
  } else {
    if (input.engineCc === undefined)
      throw new TaxInputError('engineCc', 'engineCc is required unless the car is electric');
    if (input.co2 === undefined) throw new TaxInputError('co2', 'co2 is required unless the car is electric');
    cycle = input.co2Cycle ?? defaultCo2Cycle(input.firstRegistration);
    if (!input.co2Cycle) {
      notes.push(
        `CO2 cycle not given: ${cycle.toUpperCase()} assumed for a car first registered ${cycle === 'nedc' ? 'before' : 'from'} September 2018. The certificate of conformity decides.`,
      );
    }
    const tables = t.environmental[input.fuel === 'diesel' ? 'diesel' : 'petrol'][cycle];
    cylinder = linear(t.cylinder, input.engineCc);
    environmental = linear(tables, input.co2);
    surcharge = input.fuel === 'diesel' && !input.dieselParticlesBelowLimit ? t.particleSurcharge : 0;
    if (surcharge)
      notes.push('Diesel particle surcharge applied: the certificate does not show particles below 0.001 g/km.');
    if (first && input.registrationCountry === 'eu') {
      reduction = ageBandOf(t.ageReduction, ageYears!).percent;
    } else if (first) {
      notes.push('No age reduction: the car was registered outside the EU.');
    } else {
      notes.push('No age reduction: a new car never registered.');
    }
    intermediate = intermediatePercent(input, t, notes);
    const gross = cylinder + environmental + surcharge;
    isvCents = divRound(gross * (100 - reduction) * intermediate, 10_000);
    if (FLOOR_FINAL_ISV_AT_ZERO && isvCents < 0) isvCents = 0;
    isvCents = Math.max(isvCents, MINIMUM_ISV_CENTS);
  }

  // IVA on a "new" means of transport: at most 6 months since first registration or at most 6000 km.
  const newByAge = !first || compareYmd(declaration, addMonths(first, t.ivaNewMaxMonths)) <= 0;
  const newByKm = input.mileageKm !== undefined && input.mileageKm <= t.ivaNewMaxKm;
  const ivaApplies = newByAge || newByKm;
  let ivaCents = 0;
  if (input.price === undefined) {
    if (ivaApplies) notes.push('IVA is due on this car (new for VAT purposes); give the price to compute it.');
  } else if (ivaApplies) {
    ivaCents = divRound((Math.round(input.price * 100) + isvCents) * t.ivaPercent, 100);
  } else if (input.mileageKm === undefined) {
    notes.push('IVA not computed from the mileage: give mileageKm (a car with at most 6000 km pays IVA).');
  }

  return {
    isv: euros(isvCents),
    iva: euros(ivaCents),
    breakdown: {
      cylinderComponent: euros(cylinder),
      environmentalComponent: euros(environmental),
      particleSurcharge: euros(surcharge),
      ageReductionPercent: reduction,
      intermediateRatePercent: intermediate,
      tableVersion: t.version,
      co2Cycle: cycle,
      ageYears,
      ivaApplies,
      pendingTables,
    },
    notes,
  };
}
