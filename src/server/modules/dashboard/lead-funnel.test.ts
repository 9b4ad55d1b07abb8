import { describe, expect, it } from 'vitest';
import type { PeriodLeadsRow } from './overview.repository.ts';
import { leadFunnel } from './overview.service.ts';

const row = (status: string, quoted: boolean, lostReason: string | null, n: number): PeriodLeadsRow => ({
  part: 1,
  week: null,
  origin: null,
  mailbox: null,
  utm: null,
  status,
  quoted,
  lost_reason: lostReason,
  n,
});

describe('leadFunnel (the funnel from one grouped pass, ADR 069)', () => {
  it('adds up every lead, the quoted, converted and rejected ones', () => {
    const f = leadFunnel([
      row('requested', false, null, 5),
      row('quoted', true, null, 3),
      row('converted', true, null, 2),
      row('rejected', true, 'price', 1),
      row('rejected', false, 'price', 2),
    ]);
    expect(f).toMatchObject({ requested: 13, quoted: 6, converted: 2, rejected: 3 });
    expect(f.lostReasons).toEqual([{ reason: 'price', count: 3 }]);
  });

  it('orders lost reasons by count, then by reason, with no reason last, as the database did', () => {
    const f = leadFunnel([
      row('rejected', false, null, 2),
      row('rejected', false, 'price', 2),
      row('rejected', false, 'car_sold', 2),
      row('rejected', false, 'no_answer', 4),
      // A reason left on a lead that is no longer rejected is not a lost reason.
      row('requested', false, 'other', 9),
    ]);
    expect(f.lostReasons).toEqual([
      { reason: 'no_answer', count: 4 },
      { reason: 'car_sold', count: 2 },
      { reason: 'price', count: 2 },
      { reason: null, count: 2 },
    ]);
    expect(f.rejected).toBe(10);
  });
});
