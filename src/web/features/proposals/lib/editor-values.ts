import { trimTrailingZeros } from '#shared/number-input.ts';
/**
 * The proposal editor's form values (text as typed) and their conversions: to the call's payload,
 * and leniently to the tax engine's input so the costs follow every keystroke.
 */
import type { ProposalCostInput } from '#shared/proposals/costs.ts';
import { parseEuros, type ProposalInput, type ProposalInputParsed } from '#shared/schemas/proposals.ts';
import type { FuelType, Gearbox, SellerType } from '#shared/vocabulary.ts';
import { euroPrice, isForeignCurrency } from '#shared/proposals/currency.ts';
import { parseNumberInput, type NumberInputRule } from '#shared/number-input.ts';

/** A photo in the editor: chosen photos are saved in this order; broken ones are hidden and never saved. */
export interface PhotoChoice {
  url: string;
  selected: boolean;
  broken?: boolean;
  width?: number;
  height?: number;
}

export interface EditorValues {
  vehicleBrand: string;
  vehicleModel: string;
  vehicleSubmodel: string;
  vehicleMileage: string;
  vehicleEngineSize: string;
  vehicleFuelType: FuelType | '';
  vehiclePower: string;
  vehicleCo2Emissions: string;
  vehicleFirstRegistration: string;
  vehicleCountry: string;
  /** From the listing (docs/listings.md section 12); '' when unknown. */
  vehicleGearbox: Gearbox | '';
  vehicleEuroNorm: string;
  vehicleParticleFilter: 'yes' | 'no' | '';
  sellerType: SellerType | '';
  vehiclePrice: string;
  vehicleOriginalPrice: string;
  vehiclePriceWithoutVat: string;
  /** A listing in another currency (ADR 055): the price as listed, its currency, the rate (€ per unit). */
  listedPrice: string;
  listedCurrency: string;
  exchangeRate: string;
  exchangeRateDate: string;
  wltpValue: boolean;
  hybridValue: boolean;
  pluginValue: boolean;
  transportCost: string;
  registrationFee: string;
  taxDeclarationDate: string;
  registrationCountry: 'eu' | 'non_eu';
  dieselParticlesBelowLimit: boolean;
  electricRangeKm: string;
  euro6eBis: boolean;
  sourceListing: string;
  photos: PhotoChoice[];
}

/** In create mode, photos under this many pixels in width or height start deselected. */
export const MIN_PHOTO_EDGE = 200;

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function valuesFrom(p: ProposalInputParsed): EditorValues {
  return {
    vehicleBrand: str(p.vehicleBrand),
    vehicleModel: str(p.vehicleModel),
    vehicleSubmodel: str(p.vehicleSubmodel),
    vehicleMileage: str(p.vehicleMileage),
    vehicleEngineSize: str(p.vehicleEngineSize),
    vehicleFuelType: p.vehicleFuelType ?? '',
    vehiclePower: str(p.vehiclePower),
    vehicleCo2Emissions: str(p.vehicleCo2Emissions),
    vehicleFirstRegistration: str(p.vehicleFirstRegistration),
    vehicleCountry: str(p.vehicleCountry),
    vehicleGearbox: p.vehicleGearbox ?? '',
    vehicleEuroNorm: str(p.vehicleEuroNorm),
    vehicleParticleFilter: p.vehicleParticleFilter === null ? '' : p.vehicleParticleFilter ? 'yes' : 'no',
    sellerType: p.sellerType ?? '',
    vehiclePrice: str(p.vehiclePrice),
    vehicleOriginalPrice: str(p.vehicleOriginalPrice),
    vehiclePriceWithoutVat: str(p.vehiclePriceWithoutVat),
    listedPrice: str(p.listedPrice),
    listedCurrency: str(p.listedCurrency),
    // Stored as numeric(14,6): shown without trailing zeros.
    exchangeRate: trimTrailingZeros(str(p.exchangeRate)),
    exchangeRateDate: str(p.exchangeRateDate),
    wltpValue: p.wltpValue,
    hybridValue: p.hybridValue,
    pluginValue: p.pluginValue,
    transportCost: str(p.transportCost),
    registrationFee: str(p.registrationFee),
    taxDeclarationDate: str(p.taxDeclarationDate),
    registrationCountry: p.registrationCountry,
    dieselParticlesBelowLimit: p.dieselParticlesBelowLimit,
    electricRangeKm: str(p.electricRangeKm),
    euro6eBis: p.euro6eBis,
    sourceListing: str(p.sourceListing),
    photos: p.imageUrls.map((url) => ({ url, selected: true })),
  };
}

/** The payload of POST/PUT: text as typed (the shared schema trims and converts), chosen photos in order. */
export function toPayload(v: EditorValues): ProposalInput {
  const { photos, vehicleFuelType, vehicleGearbox, vehicleParticleFilter, sellerType, ...rest } = v;
  const rate = parseNumberInput(v.exchangeRate, RATE_RULE);
  return {
    ...rest,
    vehicleGearbox: vehicleGearbox === '' ? null : vehicleGearbox,
    vehicleParticleFilter: vehicleParticleFilter === '' ? null : vehicleParticleFilter === 'yes',
    sellerType: sellerType === '' ? null : sellerType,
    exchangeRate: rate.ok ? rate.value : v.exchangeRate,
    vehicleFuelType: vehicleFuelType === '' ? null : vehicleFuelType,
    imageUrls: photos.filter((p) => p.selected && !p.broken).map((p) => p.url),
  };
}

/** Euros per unit, typed the Portuguese or the English way ('0,2345', '0.2345'). */
export const RATE_RULE: NumberInputRule = { decimals: 6, max: '99999999' };

/** The euro price of a foreign-currency listing at the typed rate; null until both are readable. */
export function foreignEuroPrice(v: Pick<EditorValues, 'listedPrice' | 'exchangeRate'>): string | null {
  const rate = parseNumberInput(v.exchangeRate, RATE_RULE);
  return rate.ok ? euroPrice(v.listedPrice.trim(), rate.value) : null;
}

/** A whole number typed with or without thousands separators ('85.714', '85 714'); null otherwise. */
export function lenientInt(text: string): number | null {
  const s = text.trim().replace(/[\s.\u00a0\u202f]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/** What the tax engine needs, read leniently: a field not yet valid counts as missing. */
export function toCostInput(v: EditorValues): ProposalCostInput {
  return {
    vehicleFuelType: v.vehicleFuelType === '' ? null : v.vehicleFuelType,
    vehicleEngineSize: lenientInt(v.vehicleEngineSize),
    vehicleCo2Emissions: lenientInt(v.vehicleCo2Emissions),
    vehicleFirstRegistration: v.vehicleFirstRegistration.trim() || null,
    vehicleMileage: lenientInt(v.vehicleMileage),
    vehiclePrice: isForeignCurrency(v.listedCurrency) ? foreignEuroPrice(v) : parseEuros(v.vehiclePrice),
    transportCost: parseEuros(v.transportCost) ?? '0.00',
    registrationFee: parseEuros(v.registrationFee) ?? '0.00',
    wltpValue: v.wltpValue,
    hybridValue: v.hybridValue,
    pluginValue: v.pluginValue,
    taxDeclarationDate: v.taxDeclarationDate.trim() || null,
    registrationCountry: v.registrationCountry,
    dieselParticlesBelowLimit: v.dieselParticlesBelowLimit,
    electricRangeKm: lenientInt(v.electricRangeKm),
    euro6eBis: v.euro6eBis,
  };
}

/** Moves the photo at `from` to `to`, keeping the others in order. */
export function movePhoto(photos: PhotoChoice[], from: number, to: number): PhotoChoice[] {
  if (from === to || from < 0 || to < 0 || from >= photos.length || to >= photos.length) return photos;
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Fuel choices adjust the hybrid switches so the tax follows what staff picked. */
export function switchesForFuel(fuel: FuelType | '', current: Pick<EditorValues, 'hybridValue' | 'pluginValue'>) {
  if (fuel === 'petrol_hybrid' || fuel === 'diesel_hybrid')
    return { hybridValue: !current.pluginValue, pluginValue: current.pluginValue };
  if (fuel === 'plugin_hybrid') return { hybridValue: false, pluginValue: true };
  return { hybridValue: false, pluginValue: false };
}
