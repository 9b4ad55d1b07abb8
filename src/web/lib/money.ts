/**
 * A stored decimal ('24999.50') in euros as the back office shows it: the € first, thousands apart
 * by a no-break space like the list, cents only when there are any ('€24 999.50', '€25 000'). Null
 * for null or text that is not a decimal.
 */
export function formatEuro(decimal: string | null): string | null {
  if (decimal === null) return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(decimal.trim());
  if (!m) return null;
  const whole = m[2]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const cents = (m[3] ?? '').padEnd(2, '0');
  return `${m[1]}€${whole}${cents && cents !== '00' ? `.${cents}` : ''}`;
}
