// Money on the public pages, one rule for every page a customer sees: the € first, thousands apart
// by a no-break space, and where cents are shown (the ISV simulator), a decimal comma: '€23 450',
// '€8 828,49'. No locale data, so the server-rendered page and the browser agree (ADR 009).

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
