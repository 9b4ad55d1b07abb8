import { TREND_PERIOD_TEXT, TREND_WINDOW_DAYS } from '#shared/schemas/dashboard.ts';

const DAY_MS = 86_400_000;

/** The two 30-day windows: current (now-30d, now], previous (now-60d, now-30d]. */
export function trendWindows(now: Date) {
  const currentStart = new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_WINDOW_DAYS * DAY_MS);
  return { now, currentStart, previousStart };
}
export type TrendWindows = ReturnType<typeof trendWindows>;

/**
 * Percentage change of the current window against the previous one, rounded to one decimal
 * (ADR 012). Both empty: 0. Only one empty: null, no percentage (a '+100%' out of nothing or a
 * '-100%' beside a card that still counts 3 would be made up).
 */
export function trendChange(current: number, previous: number): number | null {
  if (previous === 0 || current === 0) return current === previous ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10 || 0; // `|| 0`: no -0
}

export const trend = (current: number, previous: number) => ({
  change: trendChange(current, previous),
  period: TREND_PERIOD_TEXT,
});
