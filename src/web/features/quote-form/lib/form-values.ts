import type { QuoteFormField } from '#shared/schemas/contact-form.ts';
import { VEHICLE_CHOICES, type VehicleChoice } from '#shared/schemas/contact-form-rules.ts';
import { isPublicFuelType, isPublicTransmission } from '#shared/vocabulary.ts';

export type QuoteFormValues = Record<QuoteFormField, string> & { vehicleChoice: VehicleChoice };

export const EMPTY_VALUES: QuoteFormValues = {
  name: '',
  email: '',
  phone: '',
  vehicleChoice: 'specific',
  vehicleLink: '',
  brand: '',
  model: '',
  budget: '',
  year: '',
  mileage: '',
  transmission: '',
  fuelType: '',
};

/** Query parameters the ISV simulator's 'Pedir orçamento para este carro' link may carry. */
export const PREFILL_PARAMS = [
  'vehicleChoice',
  'brand',
  'model',
  'year',
  'budget',
  'mileage',
  'fuelType',
  'transmission',
  'vehicleLink',
] as const;

/**
 * The form's starting values from the address, e.g. `/?vehicleChoice=brand_model&brand=BMW&fuelType=gasoleo#pedir-orcamento`.
 * Unknown options are dropped; everything is text the customer can still edit.
 */
export function prefillFromSearch(search: string): QuoteFormValues {
  const params = new URLSearchParams(search);
  const values = { ...EMPTY_VALUES };
  const text = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  const choice = params.get('vehicleChoice');
  if ((VEHICLE_CHOICES as readonly string[]).includes(choice ?? '')) values.vehicleChoice = choice as VehicleChoice;
  values.vehicleLink = text('vehicleLink', 2000);
  values.brand = text('brand', 100);
  values.model = text('model', 100);
  values.budget = text('budget', 20);
  values.mileage = text('mileage', 20);
  const year = text('year', 4);
  if (/^\d{4}$/.test(year)) values.year = year;
  const fuel = params.get('fuelType');
  if (isPublicFuelType(fuel)) values.fuelType = fuel;
  const transmission = params.get('transmission');
  if (isPublicTransmission(transmission)) values.transmission = transmission;
  // A link with car details but no explicit choice is about brand and model.
  if (!choice && (values.brand || values.model)) values.vehicleChoice = 'brand_model';
  return values;
}

/** The address without the prefill parameters (after a successful request, a reload starts empty). */
export function withoutPrefill(href: string): string {
  const url = new URL(href);
  for (const key of PREFILL_PARAMS) url.searchParams.delete(key);
  return url.pathname + url.search + url.hash;
}

/** The utm source, medium and campaign of the page's address, sent with the request (null when absent). */
export function utmFrom(search: string): {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
} {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() || null;
  return { utmSource: get('utm_source'), utmMedium: get('utm_medium'), utmCampaign: get('utm_campaign') };
}
