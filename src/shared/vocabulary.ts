/**
 * Canonical vehicle vocabularies, one definition for server, web and extension.
 * Leads and proposals store the canonical values; each surface shows its own labels (Portuguese on
 * public pages, English in the back office). The public quote form has its own values, mapped here.
 */

export const TRANSMISSIONS = ['auto', 'manual', 'any'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

/** A car's own gearbox (a listing or a proposal): the canonical transmissions without 'any'. */
export const GEARBOXES = ['auto', 'manual'] as const satisfies readonly Transmission[];
export type Gearbox = (typeof GEARBOXES)[number];

/** Who sells the car: a dealer (VAT may be deductible) or a private person (no VAT on the sale). */
export const SELLER_TYPES = ['dealer', 'private'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];
export const SELLER_TYPE_LABELS = {
  pt: { dealer: 'Stand / profissional', private: 'Particular' },
  en: { dealer: 'Dealer', private: 'Private seller' },
} as const satisfies Record<'pt' | 'en', Record<SellerType, string>>;

export const FUEL_TYPES = [
  'petrol',
  'diesel',
  'petrol_hybrid',
  'diesel_hybrid',
  'plugin_hybrid',
  'electric',
  'lpg',
  'other',
] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const TRANSMISSION_LABELS = {
  pt: { auto: 'Automática', manual: 'Manual', any: 'Indiferente' },
  en: { auto: 'Automatic', manual: 'Manual', any: 'Any' },
} as const satisfies Record<'pt' | 'en', Record<Transmission, string>>;

export const FUEL_LABELS = {
  pt: {
    petrol: 'Gasolina',
    diesel: 'Gasóleo',
    petrol_hybrid: 'Híbrido (gasolina)',
    diesel_hybrid: 'Híbrido (gasóleo)',
    plugin_hybrid: 'Híbrido plug-in',
    electric: 'Elétrico',
    lpg: 'GPL',
    other: 'Outro',
  },
  en: {
    petrol: 'Petrol',
    diesel: 'Diesel',
    petrol_hybrid: 'Petrol hybrid',
    diesel_hybrid: 'Diesel hybrid',
    plugin_hybrid: 'Plug-in hybrid',
    electric: 'Electric',
    lpg: 'LPG',
    other: 'Other',
  },
} as const satisfies Record<'pt' | 'en', Record<FuelType, string>>;

/** The public quote form's own values, in the order the form lists them. */
export const PUBLIC_TRANSMISSIONS = ['automatica', 'manual'] as const;
export type PublicTransmission = (typeof PUBLIC_TRANSMISSIONS)[number];

export const PUBLIC_FUEL_TYPES = [
  'gasolina',
  'gasoleo',
  'hibrido_diesel',
  'hibrido_gasolina',
  'eletrico',
  'outro',
] as const;
export type PublicFuelType = (typeof PUBLIC_FUEL_TYPES)[number];

export const PUBLIC_TRANSMISSION_TO_CANONICAL = { automatica: 'auto', manual: 'manual' } as const satisfies Record<
  PublicTransmission,
  Transmission
>;

export const PUBLIC_FUEL_TO_CANONICAL = {
  gasolina: 'petrol',
  gasoleo: 'diesel',
  hibrido_diesel: 'diesel_hybrid',
  hibrido_gasolina: 'petrol_hybrid',
  eletrico: 'electric',
  outro: 'other',
} as const satisfies Record<PublicFuelType, FuelType>;

/** Options of the public form with their Portuguese labels (the canonical value's label). */
export const PUBLIC_TRANSMISSION_OPTIONS = PUBLIC_TRANSMISSIONS.map((value) => ({
  value,
  label: TRANSMISSION_LABELS.pt[PUBLIC_TRANSMISSION_TO_CANONICAL[value]],
}));
export const PUBLIC_FUEL_OPTIONS = PUBLIC_FUEL_TYPES.map((value) => ({
  value,
  label: FUEL_LABELS.pt[PUBLIC_FUEL_TO_CANONICAL[value]],
}));

export const isPublicTransmission = (v: unknown): v is PublicTransmission =>
  (PUBLIC_TRANSMISSIONS as readonly unknown[]).includes(v);
export const isPublicFuelType = (v: unknown): v is PublicFuelType =>
  (PUBLIC_FUEL_TYPES as readonly unknown[]).includes(v);

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * A stored fuel value in any spelling the product has met (canonical, the public form's values,
 * the original system's 'Petrol_Hybrid') as a canonical value; null when it is none of them.
 */
export function toCanonicalFuel(value: string | null | undefined): FuelType | null {
  if (!value) return null;
  const v = fold(value);
  if ((FUEL_TYPES as readonly string[]).includes(v)) return v as FuelType;
  if (isPublicFuelType(v)) return PUBLIC_FUEL_TO_CANONICAL[v];
  const aliases: Record<string, FuelType> = {
    gasoline: 'petrol',
    benzin: 'petrol',
    gasoil: 'diesel',
    hybrid_petrol: 'petrol_hybrid',
    hybrid_diesel: 'diesel_hybrid',
    plug_in_hybrid: 'plugin_hybrid',
    phev: 'plugin_hybrid',
    hibrido_plug_in: 'plugin_hybrid',
    electrico: 'electric',
    gpl: 'lpg',
  };
  return aliases[v] ?? null;
}

/** Label of a stored fuel value; an unknown value is shown as stored. */
export function fuelLabel(value: string | null | undefined, lang: 'pt' | 'en'): string | null {
  if (!value) return null;
  const canonical = toCanonicalFuel(value);
  return canonical ? FUEL_LABELS[lang][canonical] : value;
}

/**
 * Makes sold in Europe (suggestions only: the make field is free text), with the spelling
 * marketplaces use in their URLs. Multi-word makes appear hyphenated in listing paths.
 */
export const VEHICLE_MAKES = [
  'Abarth',
  'Aiways',
  'Alfa Romeo',
  'Alpine',
  'Aston Martin',
  'Audi',
  'Bentley',
  'BMW',
  'BYD',
  'Cadillac',
  'Chevrolet',
  'Chrysler',
  'Citroën',
  'Cupra',
  'Dacia',
  'Daewoo',
  'Daihatsu',
  'Dodge',
  'DS',
  'Ferrari',
  'Fiat',
  'Fisker',
  'Ford',
  'Genesis',
  'Honda',
  'Hummer',
  'Hyundai',
  'Infiniti',
  'Isuzu',
  'Iveco',
  'Jaguar',
  'Jeep',
  'Kia',
  'Lada',
  'Lamborghini',
  'Lancia',
  'Land Rover',
  'Leapmotor',
  'Lexus',
  'Lotus',
  'Lynk & Co',
  'Maserati',
  'Maxus',
  'Mazda',
  'McLaren',
  'Mercedes-Benz',
  'MG',
  'Mini',
  'Mitsubishi',
  'NIO',
  'Nissan',
  'Opel',
  'Peugeot',
  'Polestar',
  'Porsche',
  'Renault',
  'Rolls-Royce',
  'Rover',
  'Saab',
  'Seat',
  'Skoda',
  'Smart',
  'SsangYong',
  'Subaru',
  'Suzuki',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
  'XPeng',
  'Zeekr',
] as const;
