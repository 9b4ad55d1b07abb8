import { foldText, normalizeSpaces } from './text.ts';

/** PS (metric horsepower) per kW. */
export const PS_PER_KW = 1.35962;

// Grouped thousands (space, dot, comma, apostrophe) with an optional decimal part, or a plain number.
const NUMBER_TOKEN = /\d{1,3}(?:(?:[.,'’]|\s)\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?/;

/**
 * The first number in a localized string as a plain decimal string ('24500.5'), or null.
 * Both '.' and ',' present: the last one is the decimal mark. Only one kind: repeated, or exactly
 * three digits after a single one ('85.714', '88,600'), it groups thousands; else it is decimal.
 */
export function parseDecimalString(input: unknown): string | null {
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : null;
  if (typeof input !== 'string') return null;
  const match = NUMBER_TOKEN.exec(normalizeSpaces(input));
  if (!match) return null;
  const token = match[0].replace(/[\s'’]/g, '');
  const dot = token.lastIndexOf('.');
  const comma = token.lastIndexOf(',');
  let intPart = token;
  let frac = '';
  if (dot >= 0 && comma >= 0) {
    const mark = Math.max(dot, comma);
    intPart = token.slice(0, mark).replace(/[.,]/g, '');
    frac = token.slice(mark + 1);
  } else if (dot >= 0 || comma >= 0) {
    const sep = dot >= 0 ? '.' : ',';
    const idx = Math.max(dot, comma);
    const parts = token.split(sep);
    const after = token.slice(idx + 1);
    const before = token.slice(0, idx);
    const grouping = parts.length > 2 || (after.length === 3 && before !== '0');
    if (grouping) intPart = parts.join('');
    else {
      intPart = before;
      frac = after;
    }
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  return frac ? `${intPart}.${frac}` : intPart;
}

export function parseDecimal(input: unknown): number | null {
  const s = parseDecimalString(input);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** "85.714 km", "88,600 km", "48 478 km" -> integer; null when there is no number. */
export function parseInteger(input: unknown): number | null {
  const n = parseDecimal(input);
  return n === null ? null : Math.round(n);
}

/** Cubic centimetres from "1.995 cm³", "2 979 ccm", "1998 cm3", or litres ("3.0", "1,6 l": any value below 30). */
export function parseEngineCc(input: unknown): number | null {
  const n = parseDecimal(input);
  if (n === null || n <= 0) return null;
  const cc = n < 30 ? Math.round(n * 1000) : Math.round(n);
  return cc > 0 && cc < 20_000 ? cc : null;
}

export const hpFromKw = (kw: number): number => Math.round(kw * PS_PER_KW);
export const kwFromHp = (hp: number): number => Math.round(hp / PS_PER_KW);

const KW = /(\d[\d.,]*)\s*kw\b/;
// PS, hp, bhp, PK (nl), ch / Ch DIN (fr), cv (pt, es, it), KM (pl), CP (ro), hk (sv, da), hv (fi), LE (hu).
const HP = /(\d[\d.,]*)\s*(?:ps|hp|bhp|pk|ch|cv|km|cp|hk|hv|le)\b/;

/** kW and metric hp from "150 kW (204 PS)", "225 kW (306 Ch DIN)", "190 cv"; the missing one is converted. */
export function parsePower(input: unknown): { kw: number; hp: number } | null {
  if (typeof input !== 'string') return null;
  const text = foldText(input);
  const kwMatch = KW.exec(text);
  const hpMatch = HP.exec(text.replace(KW, ' '));
  const kw = kwMatch ? parseDecimal(kwMatch[1]) : null;
  const hp = hpMatch ? parseDecimal(hpMatch[1]) : null;
  if (kw !== null && kw > 0) return { kw: Math.round(kw), hp: hp !== null && hp > 0 ? Math.round(hp) : hpFromKw(kw) };
  if (hp !== null && hp > 0) return { kw: kwFromHp(hp), hp: Math.round(hp) };
  return null;
}

/** A price as a decimal string with 2 places: "€ 24.500,-", "24,500 €", "24 500 EUR", 24500.5 -> '24500.50'. */
export function parsePrice(input: unknown): string | null {
  const s = parseDecimalString(input);
  if (s === null) return null;
  const [intPart = '0', frac = ''] = s.split('.');
  if (frac.length <= 2) return `${intPart}.${frac.padEnd(2, '0')}`;
  const n = Number(s);
  return Number.isFinite(n) ? n.toFixed(2) : null;
}

/** Net price from a gross one and a VAT rate in percent, rounded to the cent. */
export function netFromGross(gross: string, ratePercent: number): string | null {
  const cents = Math.round(Number(gross) * 100);
  if (!Number.isFinite(cents) || !(ratePercent > 0 && ratePercent < 100)) return null;
  return (Math.round((cents * 100) / (100 + ratePercent)) / 100).toFixed(2);
}

export function formatMonthYear(month: number, year: number): string | null {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12 || year < 1900 || year > 2100)
    return null;
  return `${String(month).padStart(2, '0')}/${year}`;
}

const MONTH_NAMES: Record<string, number> = {};
const monthLists = [
  'january february march april may june july august september october november december',
  'jan feb mar apr may jun jul aug sep oct nov dec',
  'januar februar marz april mai juni juli august september oktober november dezember',
  'janner feber maerz',
  'janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro',
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
  'januari februari maart april mei juni juli augustus september oktober november december',
  'styczen luty marzec kwiecien maj czerwiec lipiec sierpien wrzesien pazdziernik listopad grudzien',
  'stycznia lutego marca kwietnia maja czerwca lipca sierpnia wrzesnia pazdziernika listopada grudnia',
];
for (const list of monthLists) list.split(' ').forEach((name, i) => (MONTH_NAMES[name] ??= i + 1));
MONTH_NAMES.janner = 1;
MONTH_NAMES.feber = 2;
MONTH_NAMES.maerz = 3;
MONTH_NAMES.sept = 9;

/** 'MM/YYYY' from "03/2020", "3.2020", "03-2020", "2020-03-01", "2020-03-01T00:00:00Z", "Januar 2017", "Abril 2021". */
export function parseMonthYear(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = foldText(input).trim();
  let m = /^(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?(?:[t\s].*)?$/.exec(text);
  if (m) return formatMonthYear(Number(m[2]), Number(m[1]));
  m = /(?:^|[^\d])(\d{1,2})\s*[/.-]\s*(\d{4})(?!\d)/.exec(text);
  if (m) return formatMonthYear(Number(m[1]), Number(m[2]));
  m = /([a-z]+)\.?\s+(\d{4})(?!\d)/.exec(text);
  if (m && MONTH_NAMES[m[1]!]) return formatMonthYear(MONTH_NAMES[m[1]!]!, Number(m[2]));
  return null;
}

/** A month given as a number ("4", 4) or a name ("Abril"). */
export function parseMonth(input: unknown): number | null {
  const n =
    typeof input === 'number'
      ? input
      : typeof input === 'string' && /^\s*\d{1,2}\s*$/.test(input)
        ? Number(input)
        : null;
  if (n !== null) return Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
  return typeof input === 'string' ? (MONTH_NAMES[foldText(input).trim().replace(/\.$/, '')] ?? null) : null;
}

/** CO2 in g/km from a number or "159 g/km", "182,00 g/km (komb.)"; null for "- (g/km)" or implausible values. */
export function parseCo2(input: unknown): number | null {
  const n = parseDecimal(input);
  return n !== null && n >= 0 && n < 1000 ? Math.round(n) : null;
}
