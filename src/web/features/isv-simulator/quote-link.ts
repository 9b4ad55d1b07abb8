import { todayInLisbon } from '#shared/tax/dates.ts';
import { parseNumberPt, type IsvForm } from './form-state.ts';

/** The public quote form's fuel vocabulary (its `fuelType` query parameter). */
export type QuoteFuelType = 'gasolina' | 'gasoleo' | 'hibrido_gasolina' | 'hibrido_diesel' | 'eletrico' | 'outro';

export function quoteFuelType(form: Pick<IsvForm, 'tipo' | 'combustivel'>): QuoteFuelType {
  if (form.tipo === 'eletrico') return 'eletrico';
  const hybrid = form.tipo === 'hibrido' || form.tipo === 'plugin';
  if (form.combustivel === 'gasoleo') return hybrid ? 'hibrido_diesel' : 'gasoleo';
  if (form.combustivel === 'gasolina') return hybrid ? 'hibrido_gasolina' : 'gasolina';
  return 'outro'; // LPG: the quote form has no LPG choice
}

/** The figure as a plain decimal ('15000.5'), or undefined when it is empty or not usable. */
const figure = (text: string, integer: boolean): string | undefined => {
  const n = parseNumberPt(text);
  if (typeof n !== 'number' || n < 0 || (integer && !Number.isInteger(n))) return undefined;
  return String(n);
};

/**
 * The landing page's quote form, prefilled with this car (the form reads these parameters): year of
 * first registration (the declaration year for a new car), price as budget, odometer, fuel.
 */
export function quoteFormHref(form: IsvForm, now: Date = new Date()): string {
  const params = new URLSearchParams({ vehicleChoice: 'brand_model' });
  const year =
    form.estado === 'novo' ? (form.declaracao || todayInLisbon(now)).slice(0, 4) : form.matricula.slice(0, 4);
  if (/^\d{4}$/.test(year)) params.set('year', year);
  const budget = figure(form.preco, false);
  if (budget && budget !== '0') params.set('budget', budget);
  const mileage = figure(form.km, true);
  if (mileage !== undefined) params.set('mileage', mileage);
  params.set('fuelType', quoteFuelType(form));
  return `/?${params.toString()}#pedir-orcamento`;
}
