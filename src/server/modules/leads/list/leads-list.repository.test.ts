import { describe, expect, it } from 'vitest';
import { instantFromJson } from './leads-list.repository.ts';

describe('instantFromJson: a UTC timestamp from the page JSON', () => {
  it('gives the ISO instant with milliseconds cut as a Date cuts them, and the exact microseconds', () => {
    expect(instantFromJson('2026-11-20T12:00:00.123456')).toEqual({
      iso: '2026-11-20T12:00:00.123Z',
      exact: '2026-11-20T12:00:00.123456Z',
    });
    expect(instantFromJson('2026-11-20T12:00:00.999999').iso).toBe(
      new Date('2026-11-20T12:00:00.999999Z').toISOString(),
    );
  });

  it('pads the fraction PostgreSQL leaves out (trailing zeros, whole seconds)', () => {
    expect(instantFromJson('2026-11-20T12:00:00.5')).toEqual({
      iso: '2026-11-20T12:00:00.500Z',
      exact: '2026-11-20T12:00:00.500000Z',
    });
    expect(instantFromJson('2026-11-20T12:00:00')).toEqual({
      iso: '2026-11-20T12:00:00.000Z',
      exact: '2026-11-20T12:00:00.000000Z',
    });
  });

  it('refuses anything else instead of answering a wrong instant', () => {
    expect(() => instantFromJson('2026-11-20 12:00:00+00')).toThrow(/unexpected timestamp/);
  });
});
