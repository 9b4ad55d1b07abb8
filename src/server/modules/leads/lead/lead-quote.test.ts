import { describe, expect, it } from 'vitest';
import { euros, isNotYetQuoted } from './lead-quote.ts';

describe('quoting a lead from a proposal', () => {
  it('writes euros with the € first, thousands apart, cents only when there are some', () => {
    expect(euros('29646.62')).toBe('€29\u00a0646,62');
    expect(euros('1000000.00')).toBe('€1\u00a0000\u00a0000');
    expect(euros('999.50')).toBe('€999,50');
    expect(euros('0.00')).toBe('€0');
    expect(euros('-1200.10')).toBe('-€1\u00a0200,10');
  });

  it('counts a lead as not yet quoted only without an amount and before a quote', () => {
    for (const status of ['requested', 'clarifying', 'waiting', 'contacted'])
      expect(isNotYetQuoted({ status, quotedAmount: null })).toBe(true);
    for (const status of ['quoted', 'rejected', 'converted'])
      expect(isNotYetQuoted({ status, quotedAmount: null })).toBe(false);
    expect(isNotYetQuoted({ status: 'requested', quotedAmount: '100.00' })).toBe(false);
  });
});
