/**
 * The panel's figures: the listing as read, the fields the user edited, and the shared tax engine
 * through computeProposalCosts, the same call the proposal editor and the server make. Nothing is
 * computed here that the back office would compute differently.
 */
import type { ListingData } from '#shared/listings/types.ts';
import { CO2_INPUT_RULE, RANGE_INPUT_RULE, readWholeMeasure } from '#shared/measure-input.ts';
import type { NumberInputLang } from '#shared/number-input.ts';
import { computeProposalCosts, defaultWltp, hybridKind, type ProposalCostInput } from '#shared/proposals/costs.ts';
import { euroPrice, isForeignCurrency } from '#shared/proposals/currency.ts';
import { PROPOSAL_DEFAULTS, proposalFromListing } from '#shared/proposals/draft.ts';
import { parseNumberInput } from '#shared/number-input.ts';
import type { TaxResult } from '#shared/tax/types.ts';

/** The editable fields, as typed. */
export interface PanelInputs {
  co2: string;
  cycle: 'wltp' | 'nedc';
  /** 'MM/YYYY' */
  firstRegistration: string;
  /** Electric range in km, for a hybrid's intermediate rate (listings rarely give it). */
  rangeKm: string;
  /** A listing in another currency: euros per unit, as typed or from the back office's table (ADR 055). */
  rate: string;
}

export interface PanelRate {
  currency: string;
  eurPerUnit: string;
  rateDate: string;
}

export interface PanelDefaults {
  transportCost: string;
  registrationFee: string;
  /** Where the defaults come from: the back office (a token is set) or the published ones. */
  source: 'back_office' | 'published';
  /** The back office's rate table; empty without a connection (the panel then says so, never guesses). */
  rates: PanelRate[];
}

export const PUBLISHED_DEFAULTS: PanelDefaults = { ...PROPOSAL_DEFAULTS, source: 'published', rates: [] };

export type MissingField = 'fuel' | 'engine' | 'co2' | 'firstRegistration' | 'price' | 'date' | 'rate';

/** The back office's rate for the listing's currency, if it has one. */
export const tableRateFor = (car: ListingData, defaults: PanelDefaults): PanelRate | null =>
  isForeignCurrency(car.currency)
    ? (defaults.rates.find((r) => r.currency === car.currency!.toUpperCase()) ?? null)
    : null;

/** Euros per unit as the editor reads them ('0,2345', '0.2345'), or null. */
export function readRate(text: string): string | null {
  const r = parseNumberInput(text, { decimals: 6, max: '99999999' });
  return r.ok && Number(r.value) > 0 ? r.value : null;
}

export interface PanelFigures {
  price: string | null;
  isv: string | null;
  iva: string | null;
  ivaApplies: boolean;
  transport: string;
  registration: string;
  total: string | null;
  breakdown: TaxResult['breakdown'] | null;
  /** 'none', or the hybrid kind whose rule was looked at (breakdown.intermediateRatePercent says if it applied). */
  hybridRule: 'none' | 'hybrid' | 'plugin';
  /** The engine's notes (English): the panel shows them in the English view only. */
  notes: string[];
  missing: MissingField[];
  /** A field the user typed that cannot be read. */
  invalid: InvalidField[];
  /** Why a typed number cannot be read, by field (the shared parser's words, ADR 052). */
  messages: Partial<Record<InvalidField, string>>;
  /** A listing in another currency: its price, currency, the rate read and the euro price (null without a rate). */
  foreign: { listed: string | null; currency: string; rate: string | null; euros: string | null } | null;
}

export type InvalidField = 'co2' | 'firstRegistration' | 'rangeKm' | 'rate';

/** What the page said, as the editable fields start. */
export function initialInputs(car: ListingData, defaults: PanelDefaults = PUBLISHED_DEFAULTS): PanelInputs {
  const cycle = car.co2Cycle === 'unknown' ? (defaultWltp(car.firstRegistration) ? 'wltp' : 'nedc') : car.co2Cycle;
  return {
    co2: car.co2 === null ? '' : String(car.co2),
    cycle,
    firstRegistration: car.firstRegistration ?? '',
    rangeKm: '',
    rate: tableRateFor(car, defaults)?.eurPerUnit ?? '',
  };
}

/** '3/2021', '03/2021', '2021-03' -> '03/2021'; '' -> null; anything else -> undefined (unreadable). */
export function normaliseFirstRegistration(text: string): string | null | undefined {
  const t = text.trim();
  if (!t) return null;
  let m = /^(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(t);
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 12 ? `${m[1]!.padStart(2, '0')}/${m[2]}` : undefined;
  m = /^(\d{4})-(\d{1,2})$/.exec(t);
  if (m) return Number(m[2]) >= 1 && Number(m[2]) <= 12 ? `${m[2]!.padStart(2, '0')}/${m[1]}` : undefined;
  return undefined;
}

/**
 * CO2 as typed, through the shared typed-number parser ('119', '119,4', '119 g/km' -> 119; whole
 * grams, as the tax tables read them); '' -> null; unreadable -> undefined.
 */
export function readCo2(text: string, lang: NumberInputLang = 'pt'): number | null | undefined {
  return readWholeMeasure(text, CO2_INPUT_RULE, lang).value;
}

/** Electric range as typed ('60', '1.050 km'); '' -> null; unreadable -> undefined. */
export function readRangeKm(text: string, lang: NumberInputLang = 'pt'): number | null | undefined {
  return readWholeMeasure(text, RANGE_INPUT_RULE, lang).value;
}

const MISSING: [RegExp, MissingField][] = [
  [/^Fuel type|fuel with tax tables/, 'fuel'],
  [/^Engine size/, 'engine'],
  [/^CO2/, 'co2'],
  [/first registration/i, 'firstRegistration'],
  [/^Vehicle price/, 'price'],
  [/declaration date/i, 'date'],
];

export function panelFigures(
  car: ListingData,
  inputs: PanelInputs,
  defaults: PanelDefaults,
  today: string,
  lang: NumberInputLang = 'pt',
): PanelFigures {
  const draft = proposalFromListing(car, [], '');
  const co2Read = readWholeMeasure(inputs.co2, CO2_INPUT_RULE, lang);
  const rangeRead = readWholeMeasure(inputs.rangeKm, RANGE_INPUT_RULE, lang);
  const co2 = co2Read.value;
  const first = normaliseFirstRegistration(inputs.firstRegistration);
  const invalid: PanelFigures['invalid'] = [];
  const messages: PanelFigures['messages'] = {};
  if (co2Read.value === undefined) {
    invalid.push('co2');
    messages.co2 = co2Read.message;
  }
  if (first === undefined) invalid.push('firstRegistration');
  if (rangeRead.value === undefined) {
    invalid.push('rangeKm');
    messages.rangeKm = rangeRead.message;
  }
  // The same conversion as the back office (ADR 055): listed price x rate, half up to the cent.
  const foreign = isForeignCurrency(car.currency);
  const rate = foreign ? readRate(inputs.rate) : null;
  if (foreign && inputs.rate.trim() !== '' && rate === null) invalid.push('rate');
  const input: ProposalCostInput = {
    ...draft,
    vehiclePrice: foreign ? euroPrice(car.price, rate) : draft.vehiclePrice,
    vehicleCo2Emissions: co2 ?? null,
    vehicleFirstRegistration: first ?? null,
    wltpValue: inputs.cycle === 'wltp',
    electricRangeKm: rangeRead.value ?? null,
    transportCost: defaults.transportCost,
    registrationFee: defaults.registrationFee,
  };
  const costs = computeProposalCosts(input, today);
  const missing = [
    ...new Set(
      costs.missing
        .map((m) => MISSING.find(([re]) => re.test(m))?.[1])
        // A foreign price is missing because the rate is: that is what the user can fix.
        .map((f) => (f === 'price' && foreign && car.price ? 'rate' : f))
        .filter((f): f is MissingField => !!f),
    ),
  ];
  return {
    price: input.vehiclePrice,
    isv: costs.isvCost,
    iva: costs.ivaCost,
    ivaApplies: costs.tax?.breakdown.ivaApplies ?? false,
    transport: defaults.transportCost,
    registration: defaults.registrationFee,
    total: costs.totalCost,
    breakdown: costs.tax?.breakdown ?? null,
    hybridRule: hybridKind(input),
    notes: costs.tax?.notes ?? [],
    missing,
    invalid,
    messages,
    foreign: foreign
      ? { listed: car.price, currency: car.currency!.toUpperCase(), rate, euros: input.vehiclePrice }
      : null,
  };
}
