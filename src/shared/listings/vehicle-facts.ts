// The facts that change the tax or the customer's choice (docs/listings.md section 12): euro norm,
// particle filter (the diesel particle surcharge), gearbox and seller type (the VAT regime), read
// from labels in any of the marketplaces' languages. A page that does not say leaves them null.
import type { Gearbox, ListingData, SellerType } from './types.ts';
import { cleanText, foldText, isRecord } from './text.ts';

export type VehicleFacts = Pick<ListingData, 'euroNorm' | 'particleFilter' | 'gearbox' | 'sellerType'>;

const folded = (v: unknown): string => {
  const t = cleanText(v);
  return t ? foldText(t) : '';
};

/**
 * 'Euro6d', 'EURO 6D-TEMP', 'euro-6', 'Euro 6e-bis', 'Euro 6d-ISC-FCM' -> 'Euro 6d', 'Euro 6d-TEMP',
 * 'Euro 6', 'Euro 6e-bis', 'Euro 6d'. Only norms 1 to 7; anything else is null.
 */
export function euroNormOf(text: unknown): string | null {
  const m =
    /\beuro[\s_-]{0,3}([1-7])(?!\d)(?:[\s_-]?([a-e])(?![a-z]))?(?:[\s_-]{0,3}(temp))?(?:[\s_-]{0,3}(bis))?/i.exec(
      folded(text),
    );
  if (!m) return null;
  const [, level, letter, temp, bis] = m;
  return `Euro ${level}${letter ?? ''}${temp ? '-TEMP' : ''}${bis ? '-bis' : ''}`;
}

const AUTOMATIC =
  /automat|automatic|automatique|automatico|automaat|automatica|automatyczn|automata|dsg|tiptronic|cvt|semi[- ]?auto|halbautomat|sequen/;
const MANUAL = /schalt|manual|manuel|manuale|handgeschakeld|manualn|manuala|mecanic|handschalt/;

/** 'Automatik', 'Schaltgetriebe', 'Manuelle', 'Automática', 'automatic', 'Manualna' -> the gearbox. Semi-automatics are automatic. */
export function gearboxOf(text: unknown): Gearbox | null {
  const t = folded(text);
  if (!t) return null;
  if (AUTOMATIC.test(t)) return 'auto';
  if (MANUAL.test(t)) return 'manual';
  return null;
}

const DEALER =
  /^(dealer|handler|haendler|professional|pro|business|firma|company|commercial|profissional|professionnel|concessionari|bedrijf|handelaar|dealer_.*|b2b)$/;
const PRIVATE =
  /^(private|privat|privatanbieter|privater anbieter|fsbo|particular|particulier|privato|privaat|prywatny|osoba prywatna|persoana fizica|private seller|privatperson)$/;

/** 'Dealer', 'DEALER', 'Händler', 'PROFESSIONAL', 'business' / 'Private', 'FSBO', 'Particular', 'Osoba prywatna' -> the seller type. */
export function sellerTypeOf(text: unknown): SellerType | null {
  const t = folded(text)
    .replace(/[-\s]+/g, ' ')
    .trim();
  if (!t) return null;
  if (DEALER.test(t)) return 'dealer';
  if (PRIVATE.test(t)) return 'private';
  return null;
}

const PARTICLE_FILTER =
  /partikelfilter|particulate filter|particle filter|diesel particulate|\bdpf\b|\bfap\b|filtre a particules|filtro (anti)?particolato|filtro de particulas|roetfilter|filtr czastek|filtr dpf|filtru de particule/;
const NEGATED = /\b(ohne|sans|senza|sin|sem|without|no|zonder|bez|fara)\s+$/;

/** True when one of the texts names a particle filter (not "ohne Partikelfilter"); null otherwise. */
export function particleFilterIn(texts: unknown[]): true | null {
  for (const t of texts) {
    const s = folded(t);
    const m = PARTICLE_FILTER.exec(s);
    if (m && !NEGATED.test(s.slice(0, m.index))) return true;
  }
  return null;
}

/** 'Ja', 'yes', 'Sim', 'Tak', '1' -> true; 'Nein', 'no', 'Não', 'Nie', '0' -> false; else null. */
export function yesNo(value: unknown): boolean | null {
  const t = folded(value);
  if (/^(ja|yes|oui|si|sim|tak|da|1|true|vorhanden)$/.test(t)) return true;
  if (/^(nein|no|non|nao|nie|nu|0|false)$/.test(t)) return false;
  return null;
}

/** Every string inside a value (equipment lists nest them in groups), at most `limit` of them. */
export function stringsIn(value: unknown, limit = 400): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (out.length >= limit || depth > 5) return;
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isRecord(v)) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return out;
}

const EURO_ROW =
  /^(emissionclass|pollution_standard|schadstoffklasse|emission class|emissions class|classe d'?emission|emissieklasse|classe di emissioni|classe emissioni|clase de emisiones|norma emisji|norma de poluare|norma euro|norma de emissoes|norme antipollution|norme euro|abgasnorm|norma antinquinamento|emissienorm)/;
const GEARBOX_ROW =
  /^(transmission|gearbox|getriebe|getriebeart|boite de vitesse|boite|transmissie|cambio|caja de cambios|skrzynia biegow|cutie de viteze|caixa de velocidades|caixa)/;

/**
 * Spec rows as [tag or label, value] pairs: the euro norm and gearbox from their own rows, a
 * particle filter from any row that names one (mobile.de prints "Partikelfilter" as a feature).
 */
export function factsFromRows(
  rows: Iterable<[string, string]>,
): Pick<VehicleFacts, 'euroNorm' | 'gearbox' | 'particleFilter'> {
  let euroNorm: string | null = null;
  let gearbox: Gearbox | null = null;
  const texts: string[] = [];
  let stated: boolean | null = null;
  for (const [key, value] of rows) {
    const label = foldText(key).trim();
    if (!euroNorm && EURO_ROW.test(label)) euroNorm = euroNormOf(value);
    if (!gearbox && GEARBOX_ROW.test(label)) gearbox = gearboxOf(value);
    // A row named after the filter says yes or no; any other row only counts when it names one.
    if (stated === null && PARTICLE_FILTER.test(label)) stated = yesNo(value);
    else texts.push(value);
  }
  return { euroNorm, gearbox, particleFilter: stated ?? particleFilterIn(texts) };
}
