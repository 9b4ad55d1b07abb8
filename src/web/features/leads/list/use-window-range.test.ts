import { describe, expect, it } from 'vitest';
import { computeRange } from './use-window-range.ts';

describe('computeRange (windowing)', () => {
  it('at the top renders the first screen plus overscan', () => {
    expect(computeRange(1000, 200, 800, 50, 10)).toEqual({ start: 0, end: 27 });
  });
  it('scrolled deep into 100,000 rows renders only the rows around the viewport', () => {
    // The list's top is 2,500,000 px above the viewport: row 50,000 is at the top edge.
    expect(computeRange(100_000, -2_500_000, 800, 50, 10)).toEqual({ start: 49_990, end: 50_027 });
  });
  it('never goes past the rows there are', () => {
    expect(computeRange(5, -10_000, 800, 50, 10)).toEqual({ start: 5, end: 5 });
    expect(computeRange(0, 0, 800, 50, 10)).toEqual({ start: 0, end: 0 });
  });
});
