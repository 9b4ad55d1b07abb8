/**
 * The proposal editor's form values (text as typed) and their conversions: to the call's payload,
 * and leniently to the tax engine's input so the costs follow every keystroke.
 */
import type { ProposalCostInput } from '#shared/proposals/costs.ts';
import { parseEuros, type ProposalInput, type ProposalInputParsed } from '#shared/schemas/proposals.ts';
import type { FuelType } from '#shared/vocabulary.ts';

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
  vehiclePrice: string;
  vehicleOriginalPrice: string;
  vehiclePriceWithoutVat: string;
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
    vehiclePrice: str(p.vehiclePrice),
    vehicleOriginalPrice: str(p.vehicleOriginalPrice),
    vehiclePriceWithoutVat: str(p.vehiclePriceWithoutVat),
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
  const { photos, vehicleFuelType, ...rest } = v;
  return {
    ...rest,
    vehicleFuelType: vehicleFuelType === '' ? null : vehicleFuelType,
    imageUrls: photos.filter((p) => p.selected && !p.broken).map((p) => p.url),
  };
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
    vehiclePrice: parseEuros(v.vehiclePrice),
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
