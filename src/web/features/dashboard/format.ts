/** Revenue in thousands with one decimal and the euro sign: 12500 -> '€12.5K'. */
export function formatRevenueK(euros: number): string {
  const thousands = (Math.round(euros / 100) / 10).toFixed(1);
  const [whole, decimal] = thousands.replace('-', '').split('.');
  // Above a million the thousands get a no-break space group: '€1 234.6K'.
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${euros < 0 && thousands !== '0.0' ? '-' : ''}€${grouped}.${decimal}K`;
}

export type TrendDirection = 'up' | 'down' | 'flat';

/**
 * '+12.5%', '-3.0%' or '0%' (the change arrives rounded to one decimal); 'No comparison' when the
 * server gives none (one of the two windows is empty: no made-up percentage).
 */
export function formatTrend(change: number | null): { text: string; direction: TrendDirection } {
  if (change === null) return { text: 'No comparison', direction: 'flat' };
  if (!Number.isFinite(change) || change === 0) return { text: '0%', direction: 'flat' };
  const fixed = Math.abs(change).toFixed(1);
  if (fixed === '0.0') return { text: '0%', direction: 'flat' };
  return change > 0 ? { text: `+${fixed}%`, direction: 'up' } : { text: `-${fixed}%`, direction: 'down' };
}

/** Import start dates: en-US, like every staff date. */
export function formatStartedDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
