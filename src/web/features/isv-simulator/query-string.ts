import { isValidYmd } from '#shared/tax/dates.ts';
import {
  CONDITIONS,
  COUNTRIES,
  CYCLES,
  DEFAULT_FORM,
  FUEL_CHOICES,
  VEHICLE_TYPES,
  type IsvForm,
} from './form-state.ts';

// The inputs live in the query string so a simulation can be shared. Only values that differ from
// the defaults are written; a declaration date of today stays out, so a shared link counts to the
// day it is opened.
const TEXT_FIELDS = ['cc', 'co2', 'autonomia', 'preco', 'km'] as const;
const DATE_FIELDS = ['matricula', 'declaracao'] as const;
const FLAG_FIELDS = ['particulas', 'euro6eBis'] as const;
/** Longest text kept from a URL: enough for any real figure, short enough to stay harmless. */
const MAX_TEXT = 16;

/** `today` (YYYY-MM-DD): the declaration date that goes without saying. */
export function formToSearch(form: IsvForm, today: string): string {
  const params = new URLSearchParams();
  (Object.keys(DEFAULT_FORM) as (keyof IsvForm)[]).forEach((key) => {
    const value = form[key];
    if (value === DEFAULT_FORM[key] || (key === 'declaracao' && value === today)) return;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : value);
  });
  const s = params.toString();
  return s ? `?${s}` : '';
}

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * The form a query string describes; unknown keys and unusable values fall back to the defaults.
 * Without a declaration date the form shows `today`.
 */
export function searchToForm(search: string, today: string): IsvForm {
  const params = new URLSearchParams(search);
  const form: IsvForm = {
    ...DEFAULT_FORM,
    pais: oneOf(COUNTRIES, params.get('pais'), DEFAULT_FORM.pais),
    tipo: oneOf(VEHICLE_TYPES, params.get('tipo'), DEFAULT_FORM.tipo),
    combustivel: oneOf(FUEL_CHOICES, params.get('combustivel'), DEFAULT_FORM.combustivel),
    estado: oneOf(CONDITIONS, params.get('estado'), DEFAULT_FORM.estado),
    ciclo: oneOf<IsvForm['ciclo']>(CYCLES, params.get('ciclo'), DEFAULT_FORM.ciclo),
  };
  for (const key of TEXT_FIELDS) form[key] = (params.get(key) ?? '').trim().slice(0, MAX_TEXT);
  for (const key of DATE_FIELDS) {
    const value = params.get(key) ?? '';
    form[key] = isValidYmd(value) ? value : '';
  }
  for (const key of FLAG_FIELDS) form[key] = params.get(key) === '1';
  form.declaracao ||= today;
  return form;
}
