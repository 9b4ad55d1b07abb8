/**
 * Money in the list: whole euros (lists round money), the € first and thousands apart by a
 * no-break space ('€25 000'), the same in any browser locale. A decimal string from the server
 * ('24999.50') is rounded half up without going through a float sum.
 */
export function formatBudget(decimal: string | null): string | null {
  if (decimal === null) return null;
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m) return null;
  let whole = BigInt(m[2]!);
  if ((m[3] ?? '').charAt(0) >= '5') whole += 1n;
  const digits = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${m[1] && whole !== 0n ? '-' : ''}€${digits}`;
}
