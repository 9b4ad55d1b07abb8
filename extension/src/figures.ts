/**
 * The panel's figures: the listing as read, the fields the user edited, and the shared tax engine
 * through computeProposalCosts, the same call the proposal editor and the server make. Nothing is
 * computed here that the back office would compute differently.
 */
import type { ListingData } from '#shared/listings/types.ts';
import { computeProposalCosts, defaultWltp, hybridKind, type ProposalCostInput } from '#shared/proposals/costs.ts';
import { PROPOSAL_DEFAULTS, proposalFromListing } from '#shared/proposals/draft.ts';
import type { TaxResult } from '#shared/tax/types.ts';

/** The editable fields, as typed. */
export interface PanelInputs {
  co2: string;
  cycle: 'wltp' | 'nedc';
  /** 'MM/YYYY' */
  firstRegistration: string;
  /** Electric range in km, for a hybrid's intermediate rate (listings rarely give it). */
  rangeKm: string;
}

export interface PanelDefaults {
  transportCost: string;
  registrationFee: string;
  /** Where the defaults come from: the back office (a token is set) or the published ones. */
  source: 'back_office' | 'published';
}

export const PUBLISHED_DEFAULTS: PanelDefaults = { ...PROPOSAL_DEFAULTS, source: 'published' };

export type MissingField = 'fuel' | 'engine' | 'co2' | 'firstRegistration' | 'price' | 'date';

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
  invalid: ('co2' | 'firstRegistration')[];
}

/** What the page said, as the editable fields start. */
export function initialInputs(car: ListingData): PanelInputs {
  const cycle = car.co2Cycle === 'unknown' ? (defaultWltp(car.firstRegistration) ? 'wltp' : 'nedc') : car.co2Cycle;
  return {
    co2: car.co2 === null ? '' : String(car.co2),
    cycle,
    firstRegistration: car.firstRegistration ?? '',
    rangeKm: '',
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

/** '119', '119,5' -> 119 (g/km are whole numbers on every listing); '' -> null; else undefined. */
export function readCo2(text: string): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return null;
  if (!/^\d{1,4}(\.\d+)?$/.test(t)) return undefined;
  return Math.round(Number(t));
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
): PanelFigures {
  const draft = proposalFromListing(car, [], '');
  const co2 = readCo2(inputs.co2);
  const first = normaliseFirstRegistration(inputs.firstRegistration);
  const invalid: PanelFigures['invalid'] = [];
  if (co2 === undefined) invalid.push('co2');
  if (first === undefined) invalid.push('firstRegistration');
  const input: ProposalCostInput = {
    ...draft,
    vehicleCo2Emissions: co2 ?? null,
    vehicleFirstRegistration: first ?? null,
    wltpValue: inputs.cycle === 'wltp',
    electricRangeKm: /^\d{1,4}$/.test(inputs.rangeKm.trim()) ? Number(inputs.rangeKm.trim()) : null,
    transportCost: defaults.transportCost,
    registrationFee: defaults.registrationFee,
  };
  const costs = computeProposalCosts(input, today);
  const missing = [
    ...new Set(costs.missing.map((m) => MISSING.find(([re]) => re.test(m))?.[1]).filter((f): f is MissingField => !!f)),
  ];
  return {
    price: draft.vehiclePrice,
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
  };
}
