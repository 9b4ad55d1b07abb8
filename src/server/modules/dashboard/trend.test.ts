import { describe, expect, it } from 'vitest';
import { trend, trendChange, trendWindows } from './trend.ts';

describe('dashboard trends (ADR 012)', () => {
  it('is the percentage change rounded to one decimal', () => {
    expect(trendChange(15, 10)).toBe(50);
    expect(trendChange(5, 10)).toBe(-50);
    expect(trendChange(2, 3)).toBe(-33.3);
    expect(trendChange(4, 3)).toBe(33.3);
    expect(trendChange(10, 10)).toBe(0);
    expect(Object.is(trendChange(10, 10), -0)).toBe(false);
    expect(trendChange(1234.56, 1000)).toBe(23.5);
  });

  it('is no percentage (null) when only one window is empty, 0 when both are', () => {
    expect(trendChange(3, 0)).toBeNull();
    expect(trendChange(0, 4)).toBeNull();
    expect(trendChange(0, 0)).toBe(0);
  });

  it('carries the period text and uses two 30-day windows', () => {
    expect(trend(1, 2)).toEqual({ change: -50, period: 'vs previous 30 days' });
    const w = trendWindows(new Date('2026-05-31T12:00:00Z'));
    expect(w.currentStart.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    expect(w.previousStart.toISOString()).toBe('2026-04-01T12:00:00.000Z');
  });
});
