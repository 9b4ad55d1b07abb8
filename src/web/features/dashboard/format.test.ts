import { describe, expect, it } from 'vitest';
import { formatRevenueK, formatStartedDate, formatTrend } from './format.ts';

describe('formatRevenueK', () => {
  it('shows thousands with one decimal, a K and the euro sign', () => {
    expect(formatRevenueK(12_500)).toBe('€12.5K');
    expect(formatRevenueK(0)).toBe('€0.0K');
    expect(formatRevenueK(2_340)).toBe('€2.3K');
    expect(formatRevenueK(12_550)).toBe('€12.6K');
    expect(formatRevenueK(1_234_567)).toBe('€1\u00a0234.6K');
  });
});

describe('formatTrend', () => {
  it('signs and colours the change', () => {
    expect(formatTrend(12.5)).toEqual({ text: '+12.5%', direction: 'up' });
    expect(formatTrend(-3)).toEqual({ text: '-3.0%', direction: 'down' });
    expect(formatTrend(100)).toEqual({ text: '+100.0%', direction: 'up' });
    expect(formatTrend(0)).toEqual({ text: '0%', direction: 'flat' });
    expect(formatTrend(-0.01)).toEqual({ text: '0%', direction: 'flat' });
  });

  it('shows no percentage when the server has no comparison (one window empty)', () => {
    expect(formatTrend(null)).toEqual({ text: 'No comparison', direction: 'flat' });
  });
});

describe('formatStartedDate', () => {
  it('is an en-US date', () => {
    expect(formatStartedDate('2026-11-21T23:30:00Z')).toBe('Nov 21, 2026');
  });
});
