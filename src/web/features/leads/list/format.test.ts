import { describe, expect, it } from 'vitest';
import { formatBudget } from './format.ts';

describe('formatBudget', () => {
  it('shows whole euros with the € first and no-break-space thousands', () => {
    expect(formatBudget('25000.00')).toBe('€25\u00a0000');
    expect(formatBudget('1234567.89')).toBe('€1\u00a0234\u00a0568');
    expect(formatBudget('999.49')).toBe('€999');
    expect(formatBudget('999.5')).toBe('€1\u00a0000');
    expect(formatBudget('0')).toBe('€0');
  });
  it('is null for no budget or something unreadable', () => {
    expect(formatBudget(null)).toBeNull();
    expect(formatBudget('abc')).toBeNull();
  });
});
