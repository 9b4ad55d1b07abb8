import type { Rng } from './prng.ts';
import { asciiSlug } from './people.ts';

// Canonical vocabularies (src/shared/vocabulary.ts), repeated here because seed data must not depend on UI code.
export type Fuel =
  'petrol' | 'diesel' | 'petrol_hybrid' | 'diesel_hybrid' | 'plugin_hybrid' | 'electric' | 'lpg' | 'other';
export type Transmission = 'auto' | 'manual' | 'any';
export type BodyStyle = 'sedan' | 'estate' | 'hatch' | 'suv';

export interface CarModel {
  make: string;
  model: string;
  /** Trim names as German listings print them; the first word often names the body. */
  variants: readonly string[];
  body: BodyStyle;
  fuel: Fuel;
  transmissions: readonly ('auto' | 'manual')[];
  /** Cylinder capacity in cm3; null for battery-electric cars. */
  engineCc: number | null;
  powerKw: number;
  /** Combined WLTP CO2 range in g/km. */
  co2: readonly [number, number];
  electricRangeKm?: readonly [number, number];
  years: readonly [number, number];
  /** Typical new price in Germany, EUR: the base of the used-price estimate. */
  newPriceEur: number;
}

export const CAR_MODELS: readonly CarModel[] = [
  {
    make: 'BMW',
    model: '320d',
    variants: ['Touring M Sport', 'Touring Luxury Line', 'Limousine Sport Line'],
    body: 'estate',
    fuel: 'diesel',
    transmissions: ['auto', 'manual'],
    engineCc: 1995,
    powerKw: 140,
    co2: [118, 132],
    years: [2016, 2024],
    newPriceEur: 52_000,
  },
  {
    make: 'BMW',
    model: '330e',
    variants: ['Limousine M Sport', 'Touring Sport Line'],
    body: 'sedan',
    fuel: 'plugin_hybrid',
    transmissions: ['auto'],
    engineCc: 1998,
    powerKw: 215,
    co2: [36, 45],
    electricRangeKm: [55, 62],
    years: [2019, 2024],
    newPriceEur: 56_000,
  },
  {
    make: 'BMW',
    model: '520d',
    variants: ['Limousine M Sport', 'Touring Luxury Line', 'Limousine xDrive'],
    body: 'sedan',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1995,
    powerKw: 140,
    co2: [126, 142],
    years: [2017, 2024],
    newPriceEur: 62_000,
  },
  {
    make: 'BMW',
    model: 'X3',
    variants: ['xDrive20d M Sport', 'xDrive20d xLine', 'xDrive20d Advantage'],
    body: 'suv',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1995,
    powerKw: 140,
    co2: [148, 162],
    years: [2018, 2024],
    newPriceEur: 64_000,
  },
  {
    make: 'Mercedes-Benz',
    model: 'C 220 d',
    variants: ['T-Modell AMG Line', 'Limousine Avantgarde', 'T-Modell Exclusive'],
    body: 'estate',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1993,
    powerKw: 147,
    co2: [118, 134],
    years: [2016, 2024],
    newPriceEur: 54_000,
  },
  {
    make: 'Mercedes-Benz',
    model: 'E 300 e',
    variants: ['Limousine AMG Line', 'T-Modell Avantgarde'],
    body: 'sedan',
    fuel: 'plugin_hybrid',
    transmissions: ['auto'],
    engineCc: 1991,
    powerKw: 235,
    co2: [32, 46],
    electricRangeKm: [50, 100],
    years: [2020, 2024],
    newPriceEur: 66_000,
  },
  {
    make: 'Mercedes-Benz',
    model: 'GLC',
    variants: ['220 d 4MATIC AMG Line', '220 d 4MATIC Avantgarde'],
    body: 'suv',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1950,
    powerKw: 145,
    co2: [150, 168],
    years: [2017, 2024],
    newPriceEur: 62_000,
  },
  {
    make: 'Audi',
    model: 'A4',
    variants: ['Avant 35 TDI S line', 'Avant 40 TDI quattro', 'Limousine 35 TDI advanced'],
    body: 'estate',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1968,
    powerKw: 120,
    co2: [118, 132],
    years: [2016, 2024],
    newPriceEur: 47_000,
  },
  {
    make: 'Audi',
    model: 'A6',
    variants: ['Avant 40 TDI sport', 'Avant 40 TDI quattro S line', 'Limousine 40 TDI design'],
    body: 'estate',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1968,
    powerKw: 150,
    co2: [130, 145],
    years: [2018, 2024],
    newPriceEur: 60_000,
  },
  {
    make: 'Audi',
    model: 'Q5',
    variants: ['40 TDI quattro S line', '40 TDI quattro advanced'],
    body: 'suv',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1968,
    powerKw: 150,
    co2: [150, 165],
    years: [2017, 2024],
    newPriceEur: 60_000,
  },
  {
    make: 'Audi',
    model: 'e-tron',
    variants: ['55 quattro advanced', '50 quattro S line'],
    body: 'suv',
    fuel: 'electric',
    transmissions: ['auto'],
    engineCc: null,
    powerKw: 300,
    co2: [0, 0],
    electricRangeKm: [340, 440],
    years: [2019, 2023],
    newPriceEur: 85_000,
  },
  {
    make: 'Volkswagen',
    model: 'Golf',
    variants: ['2.0 TDI Life', '2.0 TDI Style', 'GTD'],
    body: 'hatch',
    fuel: 'diesel',
    transmissions: ['manual', 'auto'],
    engineCc: 1968,
    powerKw: 110,
    co2: [108, 122],
    years: [2017, 2024],
    newPriceEur: 34_000,
  },
  {
    make: 'Volkswagen',
    model: 'Passat',
    variants: ['Variant 2.0 TDI Business', 'Variant 2.0 TDI Elegance'],
    body: 'estate',
    fuel: 'diesel',
    transmissions: ['auto', 'manual'],
    engineCc: 1968,
    powerKw: 110,
    co2: [118, 130],
    years: [2016, 2023],
    newPriceEur: 42_000,
  },
  {
    make: 'Volkswagen',
    model: 'Tiguan',
    variants: ['2.0 TDI 4MOTION R-Line', '2.0 TDI Life'],
    body: 'suv',
    fuel: 'diesel',
    transmissions: ['auto'],
    engineCc: 1968,
    powerKw: 110,
    co2: [140, 158],
    years: [2017, 2024],
    newPriceEur: 45_000,
  },
  {
    make: 'Porsche',
    model: 'Macan',
    variants: ['S', 'GTS', 'Basis'],
    body: 'suv',
    fuel: 'petrol',
    transmissions: ['auto'],
    engineCc: 2894,
    powerKw: 280,
    co2: [228, 245],
    years: [2017, 2023],
    newPriceEur: 85_000,
  },
  {
    make: 'Porsche',
    model: 'Cayenne',
    variants: ['E-Hybrid', 'E-Hybrid Coupé'],
    body: 'suv',
    fuel: 'plugin_hybrid',
    transmissions: ['auto'],
    engineCc: 2995,
    powerKw: 340,
    co2: [72, 84],
    electricRangeKm: [40, 44],
    years: [2018, 2022],
    newPriceEur: 105_000,
  },
  {
    make: 'Volvo',
    model: 'XC60',
    variants: ['B4 AWD Inscription', 'B4 Momentum Pro'],
    body: 'suv',
    fuel: 'diesel_hybrid',
    transmissions: ['auto'],
    engineCc: 1969,
    powerKw: 145,
    co2: [155, 170],
    years: [2020, 2024],
    newPriceEur: 58_000,
  },
  {
    make: 'Volvo',
    model: 'XC90',
    variants: ['T8 Recharge Inscription', 'T8 Recharge R-Design'],
    body: 'suv',
    fuel: 'plugin_hybrid',
    transmissions: ['auto'],
    engineCc: 1969,
    powerKw: 288,
    co2: [40, 49],
    electricRangeKm: [50, 70],
    years: [2018, 2024],
    newPriceEur: 90_000,
  },
  {
    make: 'Skoda',
    model: 'Octavia',
    variants: ['Combi 2.0 TDI Style', 'Combi 2.0 TDI RS', 'Combi 2.0 TDI Ambition'],
    body: 'estate',
    fuel: 'diesel',
    transmissions: ['manual', 'auto'],
    engineCc: 1968,
    powerKw: 110,
    co2: [110, 122],
    years: [2017, 2024],
    newPriceEur: 33_000,
  },
  {
    make: 'Peugeot',
    model: '3008',
    variants: ['1.5 BlueHDi 130 EAT8 GT Line', '1.5 BlueHDi 130 Allure'],
    body: 'suv',
    fuel: 'diesel',
    transmissions: ['auto', 'manual'],
    engineCc: 1499,
    powerKw: 96,
    co2: [125, 138],
    years: [2018, 2023],
    newPriceEur: 36_000,
  },
  {
    make: 'Renault',
    model: 'Mégane E-Tech',
    variants: ['EV60 Iconic', 'EV60 Techno'],
    body: 'hatch',
    fuel: 'electric',
    transmissions: ['auto'],
    engineCc: null,
    powerKw: 160,
    co2: [0, 0],
    electricRangeKm: [450, 470],
    years: [2022, 2024],
    newPriceEur: 44_000,
  },
  {
    make: 'Tesla',
    model: 'Model 3',
    variants: ['Long Range AWD', 'Standard Range Plus', 'Performance'],
    body: 'sedan',
    fuel: 'electric',
    transmissions: ['auto'],
    engineCc: null,
    powerKw: 324,
    co2: [0, 0],
    electricRangeKm: [490, 600],
    years: [2019, 2024],
    newPriceEur: 52_000,
  },
  {
    make: 'Tesla',
    model: 'Model Y',
    variants: ['Long Range AWD', 'Performance'],
    body: 'suv',
    fuel: 'electric',
    transmissions: ['auto'],
    engineCc: null,
    powerKw: 378,
    co2: [0, 0],
    electricRangeKm: [500, 533],
    years: [2021, 2024],
    newPriceEur: 56_000,
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    variants: ['2.5 Hybrid AWD-i Style', '2.5 Hybrid Comfort'],
    body: 'suv',
    fuel: 'petrol_hybrid',
    transmissions: ['auto'],
    engineCc: 2487,
    powerKw: 163,
    co2: [121, 130],
    years: [2019, 2024],
    newPriceEur: 45_000,
  },
];

export interface CarColour {
  pt: string;
  de: string;
  hex: string;
}

export const CAR_COLOURS: readonly CarColour[] = [
  { pt: 'Preto Safira', de: 'schwarz', hex: '#16181c' },
  { pt: 'Cinzento Mineral', de: 'grau', hex: '#5b6168' },
  { pt: 'Branco Alpino', de: 'weiss', hex: '#e9ecef' },
  { pt: 'Azul Portimão', de: 'blau', hex: '#1f4e8c' },
  { pt: 'Prata Glaciar', de: 'silber', hex: '#b3bac2' },
  { pt: 'Vermelho Melbourne', de: 'rot', hex: '#9e1b22' },
  { pt: 'Verde British Racing', de: 'gruen', hex: '#23483a' },
  { pt: 'Azul Noite', de: 'blau', hex: '#1b2a44' },
];

export function pickCar(rng: Rng): CarModel {
  return rng.pick(CAR_MODELS);
}

export function powerLabel(kw: number): string {
  return `${kw} kW (${Math.round(kw * 1.35962)} cv)`;
}

/** Rough German market price for a car of that year, in whole euros (about 13% a year off new). */
export function estimateMarketPriceEur(car: CarModel, year: number, currentYear: number, rng: Rng): number {
  const age = Math.max(0, currentYear - year) + 0.5;
  const price = car.newPriceEur * 0.87 ** age * rng.float(0.9, 1.1);
  return Math.round(price / 10) * 10 - 10; // asking prices end in 90
}

/** Plausible odometer reading for a car first registered in that year. */
export function estimateMileageKm(year: number, currentYear: number, rng: Rng): number {
  const age = Math.max(0.3, currentYear - year + rng.float(0, 0.8));
  return Math.round((age * rng.int(11_000, 22_000)) / 100) * 100;
}

// --- VIN (ISO 3779): 17 characters without I, O and Q ------------------------------------------

export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const WMI: Record<string, string> = {
  BMW: 'WBA',
  'Mercedes-Benz': 'W1K',
  Audi: 'WAU',
  Volkswagen: 'WVW',
  Porsche: 'WP1',
  Volvo: 'YV1',
  Skoda: 'TMB',
  Peugeot: 'VF3',
  Renault: 'VF1',
  Tesla: 'LRW',
  Toyota: 'JTM',
};
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'; // 2010 = A ... repeating every 30 years
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit (position 9); European makers often fill it the same way. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin.charAt(i);
    const value = /\d/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export function generateVin(rng: Rng, make: string, year: number): string {
  const wmi = WMI[make] ?? 'WF0';
  let vds = '';
  for (let i = 0; i < 5; i++) vds += rng.pick([...VIN_ALPHABET]);
  const yearCode = YEAR_CODES.charAt((((year - 2010) % 30) + 30) % 30);
  const plant = rng.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']);
  const serial = String(rng.int(0, 999_999)).padStart(6, '0');
  const draft = `${wmi}${vds}0${yearCode}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

// --- Listing URLs in the formats the sites use -----------------------------------------------------

export type ListingSite = 'mobile.de' | 'autoscout24.de' | 'standvirtual.com';

const FUEL_DE: Record<Fuel, string> = {
  petrol: 'benzin',
  diesel: 'diesel',
  petrol_hybrid: 'elektro-benzin',
  diesel_hybrid: 'elektro-diesel',
  plugin_hybrid: 'elektro-benzin',
  electric: 'elektro',
  lpg: 'autogas',
  other: 'sonstige',
};

function uuidLike(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function listingUrl(rng: Rng, site: ListingSite, car: CarModel, variant: string, colour: CarColour): string {
  const slug = asciiSlug(`${car.make} ${car.model} ${variant}`).replace(/\./g, '-');
  switch (site) {
    case 'mobile.de':
      return `https://suchen.mobile.de/fahrzeuge/details.html?id=${rng.int(380_000_000, 469_999_999)}`;
    case 'autoscout24.de':
      return `https://www.autoscout24.de/angebote/${slug}-${FUEL_DE[car.fuel]}-${colour.de}-${uuidLike(rng)}`;
    case 'standvirtual.com': {
      let id = '8P';
      for (let i = 0; i < 6; i++) id += rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789']);
      return `https://www.standvirtual.com/carros/anuncio/${slug}-ID${id}.html`;
    }
  }
}
