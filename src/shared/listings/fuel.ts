import type { FuelType } from '#shared/vocabulary.ts';
import { foldText } from './text.ts';

export interface FuelInfo {
  fuel: FuelType | null;
  hybrid: boolean;
  plugin: boolean;
}

export const NO_FUEL: FuelInfo = { fuel: null, hybrid: false, plugin: false };

const PLUGIN = /plug[\s_-]?in|\bphev\b|extern aufladbar|rechargeable|ricaricabile|enchufable|oplaadbaar/;
const HYBRID = /hybr|hibr|ibrid/;
const LPG = /\blpg\b|\bgpl\b|autogas|autogaz|\bglp\b/;
const OTHER_GAS =
  /\bcng\b|erdgas|\bgnc\b|\bgnv\b|metano|gaz ziemny|gas natural|gaz naturel|\bwasserstoff|hydrog|hidrog|idrogeno|wodor|ethanol|etanol|\be85\b/;
const ELECTRIC = /elektr|electr|eletr|elettr|\bbev\b|\bev\b/;
const DIESEL = /diesel|gasoleo|gasoil|motorina/;
const PETROL = /benzin|benzyn|petrol|gasolin|essence|super|\bgaz\b|\bgas\b/;

/** A hybrid of the given combustion fuel; 'plugin_hybrid' only for a plug-in whose combustion fuel is unknown. */
function hybridOf(combustion: 'petrol' | 'diesel' | null, plugin: boolean): FuelInfo {
  const fuel: FuelType | null =
    combustion === 'diesel'
      ? 'diesel_hybrid'
      : combustion === 'petrol'
        ? 'petrol_hybrid'
        : plugin
          ? 'plugin_hybrid'
          : null;
  return { fuel, hybrid: true, plugin };
}

/**
 * Fuel from a label or key in any marketplace language (docs/listings.md section 8): "Hybrid (Benzin/Elektro)",
 * "Híbrido Plug-In", "Elektro/Diesel", "Benzyna+LPG", "hibride-gaz"… Null for empty input; an
 * unrecognized label is 'other'. A hybrid whose combustion fuel is not named has fuel null
 * (plug-in: 'plugin_hybrid'), hybrid true.
 */
export function fuelFromText(input: unknown): FuelInfo | null {
  if (typeof input !== 'string' || input.trim() === '' || input.startsWith('$')) return null;
  const t = foldText(input).replace(/[_-]+/g, ' ');
  const plugin = PLUGIN.test(t);
  const electric = ELECTRIC.test(t);
  const combustion = DIESEL.test(t) ? 'diesel' : PETROL.test(t) ? 'petrol' : null;
  if (LPG.test(t)) return { fuel: 'lpg', hybrid: false, plugin: false };
  if (OTHER_GAS.test(t)) return { fuel: 'other', hybrid: false, plugin: false };
  if (plugin || HYBRID.test(t) || (electric && combustion)) return hybridOf(combustion, plugin);
  if (electric) return { fuel: 'electric', hybrid: false, plugin: false };
  if (combustion) return { fuel: combustion, hybrid: false, plugin: false };
  return { fuel: 'other', hybrid: false, plugin: false };
}

/** AutoScout24 `fuelCategory.raw` (filter codes; beyond B/D/E/2/3 they are reported, not verified). */
export function fuelFromAutoscoutCode(code: unknown): FuelInfo | null {
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  switch (String(code).trim().toUpperCase()) {
    case 'B':
      return { fuel: 'petrol', hybrid: false, plugin: false };
    case 'D':
      return { fuel: 'diesel', hybrid: false, plugin: false };
    case 'E':
      return { fuel: 'electric', hybrid: false, plugin: false };
    case '2':
      return hybridOf('petrol', false);
    case '3':
      return hybridOf('diesel', false);
    case 'L':
      return { fuel: 'lpg', hybrid: false, plugin: false };
    case 'C':
    case 'H':
    case 'M':
    case 'O':
      return { fuel: 'other', hybrid: false, plugin: false };
    default:
      return null;
  }
}

/** mobile.de legacy search codes (PETROL, DIESEL, ELECTRICITY, HYBRID = petrol/electric, HYBRID_DIESEL, LPG, CNG). */
export function fuelFromMobileCode(code: unknown): FuelInfo | null {
  if (typeof code !== 'string') return null;
  switch (code.trim().toUpperCase()) {
    case 'HYBRID':
      return hybridOf('petrol', false);
    case 'HYBRID_DIESEL':
      return hybridOf('diesel', false);
    default:
      return /^[A-Z_]+$/.test(code.trim()) ? fuelFromText(code) : null;
  }
}

/**
 * Marks a fuel as plug-in (a separate signal such as AS24 vehicleType 'phev' or mobile.de's engine
 * type): a combustion fuel becomes its hybrid; a hybrid or unknown fuel keeps/gets 'plugin_hybrid'.
 */
export function asPlugin(info: FuelInfo | null): FuelInfo {
  const fuel = info?.fuel ?? null;
  if (fuel === 'petrol' || fuel === 'petrol_hybrid') return hybridOf('petrol', true);
  if (fuel === 'diesel' || fuel === 'diesel_hybrid') return hybridOf('diesel', true);
  if (fuel === 'electric' || fuel === 'lpg' || fuel === 'other') return info!; // a conflicting signal: keep the fuel as labelled
  return hybridOf(null, true);
}

/** Marks a fuel as hybrid (not plug-in) from a separate signal. */
export function asHybrid(info: FuelInfo | null): FuelInfo {
  if (info?.plugin) return info;
  const fuel = info?.fuel ?? null;
  if (fuel === 'petrol' || fuel === 'petrol_hybrid') return hybridOf('petrol', false);
  if (fuel === 'diesel' || fuel === 'diesel_hybrid') return hybridOf('diesel', false);
  if (fuel === null || fuel === 'plugin_hybrid') return hybridOf(null, fuel === 'plugin_hybrid');
  return info!;
}
