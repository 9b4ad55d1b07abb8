/**
 * What the simulator form holds: the inputs the Tax Authority's own simulator asks, kept as the
 * user typed them (numbers as text), so the query string round-trips exactly.
 */
export const VEHICLE_TYPES = ['combustao', 'hibrido', 'plugin', 'eletrico'] as const;
export const FUEL_CHOICES = ['gasolina', 'gasoleo', 'gpl'] as const;
export const COUNTRIES = ['ue', 'fora'] as const;
export const CONDITIONS = ['usado', 'novo'] as const;
export const CYCLES = ['wltp', 'nedc'] as const;

export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type FuelChoice = (typeof FUEL_CHOICES)[number];
export type Country = (typeof COUNTRIES)[number];
export type Condition = (typeof CONDITIONS)[number];
export type Cycle = (typeof CYCLES)[number];

export interface IsvForm {
  /** Where the car is registered: an EU member state or a third country. */
  pais: Country;
  tipo: VehicleType;
  /** Ignored for electric cars; LPG uses the petrol tables. */
  combustivel: FuelChoice;
  estado: Condition;
  /** First registration, YYYY-MM-DD ('' when not given). */
  matricula: string;
  cc: string;
  co2: string;
  /** '' = not chosen: the default from the first registration date applies (docs/tax-rules.md section 5). */
  ciclo: '' | Cycle;
  /** Diesel only: particles below 0.001 g/km on the certificate. Unknown counts as not. */
  particulas: boolean;
  /** Hybrids only: electric range in km. */
  autonomia: string;
  /** Plug-ins only. */
  euro6eBis: boolean;
  preco: string;
  km: string;
  /** Customs declaration date, YYYY-MM-DD; the form starts at today in Lisbon ('' counts as today). */
  declaracao: string;
}

export const DEFAULT_FORM: IsvForm = {
  pais: 'ue',
  tipo: 'combustao',
  combustivel: 'gasolina',
  estado: 'usado',
  matricula: '',
  cc: '',
  co2: '',
  ciclo: '',
  particulas: false,
  autonomia: '',
  euro6eBis: false,
  preco: '',
  km: '',
  declaracao: '',
};

export type FormField = keyof IsvForm;

/** Which inputs the form shows for these choices (the others keep their values but do not count). */
export function visibleFields(form: IsvForm) {
  const electric = form.tipo === 'eletrico';
  return {
    combustivel: !electric,
    matricula: form.estado === 'usado',
    cc: !electric,
    co2: !electric,
    ciclo: !electric,
    particulas: !electric && form.combustivel === 'gasoleo',
    autonomia: form.tipo === 'hibrido' || form.tipo === 'plugin',
    euro6eBis: form.tipo === 'plugin',
  };
}

/**
 * A number as people type it in Portugal: '1.395' and '15.000,50' group thousands with dots and use
 * a comma for decimals. Empty gives undefined; anything else unreadable is returned as typed, so
 * the shared schema rejects it with its own message.
 */
export function parseNumberPt(text: string): number | string | undefined {
  const s = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (s === '') return undefined;
  let normalised = s;
  if (s.includes(',')) normalised = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) normalised = s.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return text;
  return Number(normalised);
}
