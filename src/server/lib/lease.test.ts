import { describe, expect, it } from 'vitest';
import { backoffDelay, createLease, withLease, type LeaseStore } from './lease.ts';

/** One row's lease in memory: the rule the database statements keep (claim when free or expired). */
function memoryStore(row: { owner: string | null; until: number }, owner: string): LeaseStore {
  return {
    claim: async (now, until) => {
      if (row.owner !== null && row.owner !== owner && row.until >= now.getTime()) return false;
      Object.assign(row, { owner, until: until.getTime() });
      return true;
    },
    renew: async (until) => {
      if (row.owner !== owner) return false;
      row.until = until.getTime();
      return true;
    },
    release: async () => {
      if (row.owner === owner) Object.assign(row, { owner: null, until: 0 });
    },
  };
}

describe('one lease (ADR 070)', () => {
  it('the backoff doubles from its base and stops at its cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay({ base: 30_000 }, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffDelay({ base: 30_000, max: 60 * 60_000 }, 20)).toBe(60 * 60_000);
    expect(backoffDelay({ base: 30_000 }, 0)).toBe(30_000);
  });

  it('one holder at a time; the lease runs from the clock; a released or expired lease is taken', async () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const clock = { now: () => new Date(now) };
    const row = { owner: null as string | null, until: 0 };
    const a = createLease(memoryStore(row, 'a'), { clock, ms: 60_000 });
    const b = createLease(memoryStore(row, 'b'), { clock, ms: 60_000 });
    expect(await a.claim()).toBe(true);
    expect(row.until).toBe(now + 60_000);
    expect(await b.claim()).toBe(false);
    now += 30_000;
    expect(await a.renew()).toBe(true);
    expect(row.until).toBe(now + 60_000);
    now += 61_000; // a stopped renewing
    expect(await b.claim()).toBe(true);
    expect(await a.renew()).toBe(false);

    const busy = await withLease(a, async () => 'ran');
    expect(busy).toEqual({ held: false });
    await b.release();
    const ran = await withLease(a, async () => 'ran');
    expect(ran).toEqual({ held: true, value: 'ran' });
    expect(row.owner).toBeNull(); // released after the work
  });

  it('withLease releases even when the work throws', async () => {
    const row = { owner: null as string | null, until: 0 };
    const lease = createLease(memoryStore(row, 'a'), { clock: { now: () => new Date() }, ms: 1000 });
    await expect(
      withLease(lease, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(row.owner).toBeNull();
  });
});
