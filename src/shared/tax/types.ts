/** A band "up to X" (inclusive); null = no upper bound. Amounts in cents, rates in cents per unit. */
export interface LinearBand {
  upTo: number | null;
  rate: number;
  deduction: number;
}

export interface TaxTableSet {
  /** Name of the State Budget that set Tabela A, shown as breakdown.tableVersion. */
  version: string;
  /**
   * Declaration dates (YYYY-MM-DD) this set is in force for, inclusive. validTo is the last day of the
   * last budget year known to keep it; a later date uses the latest set with a warning (pendingTables).
   */
  validFrom: string;
  validTo: string | null;
  cylinder: LinearBand[];
  environmental: Record<'petrol' | 'diesel', Record<'wltp' | 'nedc', LinearBand[]>>;
  particleSurcharge: number;
  ageReduction: { upToYears: number | null; percent: number }[];
  intermediate: {
    pluginPercent: number;
    hybridPercent: number;
    minElectricRangeKm: number;
    /** CO2 (g/km) must be below this to qualify. */
    co2Below: number;
    euro6eBis: { from: string; maxCo2: number };
    pluginLegacy: { firstRegisteredFromYear: number; firstRegisteredToYear: number; minElectricRangeKm: number };
  };
  ivaPercent: number;
  ivaNewMaxMonths: number;
  ivaNewMaxKm: number;
}

export type Fuel = 'petrol' | 'diesel' | 'electric' | 'lpg';
export type Co2Cycle = 'wltp' | 'nedc';
export type HybridKind = 'none' | 'hybrid' | 'plugin';

/** A validated simulation input (dates as YYYY-MM-DD). */
export interface TaxInput {
  fuel: Fuel;
  engineCc?: number;
  co2?: number;
  co2Cycle?: Co2Cycle;
  /** null: a new car never registered. */
  firstRegistration: string | null;
  declarationDate: string;
  registrationCountry: 'eu' | 'non_eu';
  hybrid: HybridKind;
  electricRangeKm: number;
  euro6eBis: boolean;
  dieselParticlesBelowLimit: boolean;
  /** Euros, for IVA. */
  price?: number;
  mileageKm?: number;
}

export interface TaxResult {
  /** Euros with two decimals. */
  isv: number;
  iva: number;
  breakdown: {
    cylinderComponent: number;
    environmentalComponent: number;
    particleSurcharge: number;
    ageReductionPercent: number;
    intermediateRatePercent: number;
    tableVersion: string;
    co2Cycle: Co2Cycle | null;
    ageYears: number | null;
    ivaApplies: boolean;
    /** Set when no tables are published yet for the declaration's year: the latest tables were used. */
    pendingTables: PendingTables | null;
  };
  notes: string[];
}

/** A declaration in `year`, for which no tables are published yet, computed with the tables of `usingYear`. */
export interface PendingTables {
  year: number;
  usingYear: number;
}
