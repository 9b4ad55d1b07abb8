/**
 * Numbers as people type them (docs/rulings.md ruling 24, ADR 052): money and measures accept a
 * decimal comma or point, and spaces, dots or commas between thousands ('180,50', '1 234,56',
 * '1.234,56', '1,234.56', '€ 180'). What can be read two ways for the field is refused with a message,
 * never guessed. Digits move as text, never through a float, so nothing is ever multiplied silently.
 */

export type NumberInputLang = 'en' | 'pt';

export interface NumberInputRule {
  /** Most digits after the decimal mark: 2 for money, 0 for whole measures. */
  decimals: number;
  /** Pad the answer to `decimals` places ('180' -> '180.00'): money. */
  fixed?: boolean;
  /** A leading minus is accepted. */
  negative?: boolean;
  /** Largest value accepted (a plain decimal string or number). */
  max?: number | string;
  /** Words or symbols allowed before or after the number ('€', 'km'), case-insensitive. */
  units?: readonly string[];
  /** Language of the messages: the back office is English, the public site and extension Portuguese. */
  lang?: NumberInputLang;
}

export type NumberInputError = 'empty' | 'invalid' | 'ambiguous' | 'decimals' | 'negative' | 'range';

export type NumberInputResult = { ok: true; value: string } | { ok: false; error: NumberInputError; message: string };

export const MONEY_UNITS = ['€', 'eur', 'euro', 'euros'] as const;

/** Euros and cents: '180,50' -> '180.50'. */
export const MONEY_RULE: NumberInputRule = { decimals: 2, fixed: true, units: MONEY_UNITS };

const SPACES = /[\s\u00a0\u202f]+/g;

function stripUnits(text: string, units: readonly string[]): string {
  let s = text;
  for (let changed = true; changed;) {
    changed = false;
    const lower = s.toLowerCase();
    for (const unit of [...units].sort((a, b) => b.length - a.length)) {
      const u = unit.toLowerCase();
      if (lower.startsWith(u) && !/^\d/.test(u)) {
        s = s.slice(u.length).trim();
        changed = true;
        break;
      }
      if (lower.endsWith(u)) {
        s = s.slice(0, s.length - u.length).trim();
        changed = true;
        break;
      }
    }
  }
  return s;
}

/** '1234.5' compared with a max, as decimal strings (both non-negative). */
function exceeds(value: string, max: number | string): boolean {
  const [aw = '0', af = ''] = value.replace(/^-/, '').split('.');
  const [bw = '0', bf = ''] = String(max).split('.');
  const w1 = aw.replace(/^0+(?=\d)/, '');
  const w2 = bw.replace(/^0+(?=\d)/, '');
  if (w1.length !== w2.length) return w1.length > w2.length;
  if (w1 !== w2) return w1 > w2;
  const len = Math.max(af.length, bf.length);
  return af.padEnd(len, '0') > bf.padEnd(len, '0');
}

/** Groups of three after a first group of one to three digits: '1', '12', '1 234', '12.345.678'. */
const validGrouping = (groups: string[]): boolean =>
  /^\d{1,3}$/.test(groups[0]!) && !/^0\d*$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));

function finish(whole: string, frac: string, rule: NumberInputRule, negative: boolean): string {
  const w = whole.replace(/^0+(?=\d)/, '');
  let f = frac;
  if (rule.fixed) f = f.padEnd(rule.decimals, '0');
  else f = f.replace(/0+$/, '');
  const sign = negative && /[1-9]/.test(w + f) ? '-' : '';
  return f ? `${sign}${w}.${f}` : `${sign}${w}`;
}

type Reading = { whole: string; frac: string };

/** The readings of the digits-and-marks body, or an error; more than one reading means ambiguous. */
function readings(body: string): Reading[] | 'invalid' {
  if (!/^\d[\d., ]*$/.test(body) || /[., ]$/.test(body) || /[., ]{2}/.test(body)) return 'invalid';
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  const spaced = body.includes(' ');
  const grouped = (text: string, sep: RegExp): Reading[] | 'invalid' => {
    const groups = text.split(sep);
    return validGrouping(groups) ? [{ whole: groups.join(''), frac: '' }] : 'invalid';
  };
  if (dots === 0 && commas === 0) return spaced ? grouped(body, / /) : [{ whole: body, frac: '' }];
  if (dots > 0 && commas > 0) {
    // Both marks: the last one is the decimal mark and appears once; the other groups thousands.
    const mark = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    if ((mark === '.' ? dots : commas) !== 1) return 'invalid';
    const idx = body.lastIndexOf(mark);
    const before = body.slice(0, idx);
    if (spaced) return 'invalid';
    const whole = grouped(before, mark === '.' ? /,/ : /\./);
    return whole === 'invalid' ? whole : [{ whole: whole[0]!.whole, frac: body.slice(idx + 1) }];
  }
  const mark = dots > 0 ? '.' : ',';
  const count = Math.max(dots, commas);
  if (count > 1) {
    // '1.234.567': repeated, the mark groups thousands ('1 234.567.8' is not a number).
    return spaced ? 'invalid' : grouped(body, mark === '.' ? /\./ : /,/);
  }
  const idx = body.indexOf(mark);
  const before = body.slice(0, idx);
  const after = body.slice(idx + 1);
  const decimal: Reading = { whole: before.replace(/ /g, ''), frac: after };
  if (spaced) {
    // Spaces group thousands, so the single mark is the decimal mark: '1 234,56'.
    return before.includes(' ') && !after.includes(' ') && validGrouping(before.split(' ')) ? [decimal] : 'invalid';
  }
  if (after.length !== 3) return [decimal];
  // One mark followed by exactly three digits: a thousands group or three decimals.
  const out: Reading[] = [];
  if (validGrouping([before, after])) out.push({ whole: before + after, frac: '' });
  out.push(decimal);
  return out;
}

const MESSAGES: Record<NumberInputLang, Record<NumberInputError, (r: NumberInputRule, typed: string) => string>> = {
  en: {
    empty: () => 'Enter a number',
    invalid: (r) => (r.decimals > 0 ? 'Type a number, e.g. 1234,56 or 1 234.56' : 'Type a whole number, e.g. 1234'),
    ambiguous: (_r, typed) =>
      `'${typed}' could be read two ways: type it without the thousands mark, or with all decimals`,
    decimals: (r) => (r.decimals === 0 ? 'Type a whole number' : `At most ${r.decimals} digits after the decimal mark`),
    negative: () => 'Must not be negative',
    range: (r) => `Must be at most ${String(r.max)}`,
  },
  pt: {
    empty: () => 'Indique um número',
    invalid: (r) =>
      r.decimals > 0 ? 'Escreva um número, por exemplo 1234,56' : 'Escreva um número inteiro, por exemplo 1234',
    ambiguous: (_r, typed) =>
      `'${typed}' pode ler-se de duas maneiras: escreva-o sem o separador de milhares, ou com todas as casas decimais`,
    decimals: (r) => (r.decimals === 0 ? 'Escreva um número inteiro' : `No máximo ${r.decimals} casas decimais`),
    negative: () => 'Não pode ser negativo',
    range: (r) => `No máximo ${String(r.max)}`,
  },
};

/**
 * A number typed by a person, as a plain decimal string ('1234.56'), or why it is refused.
 * One mark followed by exactly three digits ('1.234', '1,234') is a thousands group in a whole
 * measure (mileage, cc, CO2); in a field with decimals (money, rates) it is refused as ambiguous
 * unless the field's maximum rules one reading out (ADR 052).
 */
export function parseNumberInput(text: string, rule: NumberInputRule): NumberInputResult {
  const fail = (error: NumberInputError): NumberInputResult => ({
    ok: false,
    error,
    message: MESSAGES[rule.lang ?? 'en'][error](rule, text.trim()),
  });
  let s = stripUnits(text.replace(SPACES, ' ').trim(), rule.units ?? []);
  if (s === '') return fail('empty');
  let negative = false;
  if (/^[-−]/.test(s)) {
    negative = true;
    s = stripUnits(s.slice(1).trim(), rule.units ?? []);
  }
  const all = readings(s);
  if (all === 'invalid') return fail('invalid');
  const fits = (r: Reading) => r.frac.length <= rule.decimals;
  const inRange = (r: Reading) => rule.max === undefined || !exceeds(`${r.whole}.${r.frac || '0'}`, rule.max);
  // In a field with decimals, three digits after the one mark may be a slip of a decimal ('180,505'):
  // that reading counts even though it has too many decimals, so the input is refused (ADR 052).
  const plausible = (r: Reading) => inRange(r) && (fits(r) || (all.length > 1 && rule.decimals > 0));
  if (all.filter(plausible).length > 1) return fail('ambiguous');
  const possible = all.filter((r) => fits(r) && inRange(r));
  if (possible.length === 0) return fail(all.some(fits) ? 'range' : 'decimals');
  if (negative && !rule.negative) return fail('negative');
  return { ok: true, value: finish(possible[0]!.whole, possible[0]!.frac, rule, negative) };
}

/** Euros as typed ('€ 180', '180,50', '1.234,56'): '180.00', '180.50', '1234.56'. */
export function parseMoneyInput(
  text: string,
  options: Pick<NumberInputRule, 'negative' | 'max' | 'lang'> = {},
): NumberInputResult {
  return parseNumberInput(text, { ...MONEY_RULE, ...options });
}

/** A plain decimal string shown the way the language writes it: '1234.5' -> '1 234,5' (pt), '1,234.5' (en). */
export function formatNumberInput(value: string, lang: NumberInputLang): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return value;
  const sep = lang === 'pt' ? '\u00a0' : ',';
  const whole = m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const mark = lang === 'pt' ? ',' : '.';
  return `${m[1]}${whole}${m[3] ? mark + m[3] : ''}`;
}

/** '0.234500' -> '0.2345', '12.000' -> '12': a stored numeric shown as typed (no regex: linear). */
export function trimTrailingZeros(decimal: string): string {
  if (!decimal.includes('.')) return decimal;
  let end = decimal.length;
  while (decimal[end - 1] === '0') end--;
  if (decimal[end - 1] === '.') end--;
  return decimal.slice(0, end);
}
