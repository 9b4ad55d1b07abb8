// Money as customers read it, one rule for everything they see (the public pages, the e-mails, the
// browser extension): the € first, thousands apart by a no-break space, and where cents are shown
// (the ISV simulator, the e-mails, the extension), a decimal comma: '€23 450', '€8 828,49'. No
// locale data, so the server-rendered page, the browser and the extension agree (ADR 009).

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** Whole euros: 23450 -> '€23 450', -899 -> '-€899'. */
export function formatWholeEuros(euros: number): string {
  const rounded = Math.sign(euros) * Math.round(Math.abs(euros));
  return `${rounded < 0 ? '-' : ''}€${group(String(Math.abs(rounded)))}`;
}

/** Cents with the cents shown: 882849 -> '€8 828,49', -89941 -> '-€899,41'. */
export function formatEuroCents(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}€${group(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A stored decimal ('1851.35', '-899.4') with the cents shown, read exactly (no float): '€1 851,35'.
 * Null for null, empty or anything that is not a decimal; digits past the cents round half up.
 */
export function formatEuroDecimal(decimal: string | null | undefined): string | null {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec((decimal ?? '').trim());
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(3, '0');
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return formatEuroCents(m[1] ? -cents : cents);
}

/**
 * A price in another currency as the listing shows it, in whole units with the currency code after
 * it: ('95000.00', 'PLN') -> '95 000 PLN'. Null for anything that is not a decimal (ADR 055).
 */
export function formatListedPrice(
  decimal: string | null | undefined,
  currency: string | null | undefined,
): string | null {
  const m = /^(\d+)(?:\.(\d*))?$/.exec((decimal ?? '').trim());
  if (!m || !currency) return null;
  const whole = BigInt(m[1]!) + (Number((m[2] ?? '0')[0] ?? '0') >= 5 ? 1n : 0n);
  return `${group(whole.toString())}\u00a0${currency}`;
}

/** An exchange rate with a decimal comma and no trailing zeros: '0.234500' -> '0,2345'. */
export function formatRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '').replace('.', ',') : rate;
}

/** An ISO date as customers read it: '2026-11-20' -> '20/11/2026'; anything else as it is. */
export function formatDayMonthYear(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}
