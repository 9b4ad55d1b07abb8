import { describe, expect, it } from 'vitest';
import { daysInStage, reachedStages, trackingPath } from './tracking.ts';

const at = (day: number) => `2026-05-${String(day).padStart(2, '0')}T10:00:00.000Z`;

describe('reachedStages', () => {
  it('lists the sequence up to the current stage with the time each was last entered', () => {
    const stages = reachedStages('in_transit', [
      { status: 'confirmed', changedAt: at(1) },
      { status: 'handling_paperwork', changedAt: at(3) },
      { status: 'in_transit', changedAt: at(9) },
    ]);
    expect(stages).toEqual([
      { status: 'confirmed', reachedAt: at(1) },
      { status: 'handling_paperwork', reachedAt: at(3) },
      { status: 'waiting_transport', reachedAt: null },
      { status: 'in_transit', reachedAt: at(9) },
    ]);
  });

  it('does not show stages beyond the current one after a move back, and keeps the latest entry', () => {
    const stages = reachedStages('handling_paperwork', [
      { status: 'confirmed', changedAt: at(1) },
      { status: 'handling_paperwork', changedAt: at(2) },
      { status: 'arrived', changedAt: at(4) },
      { status: 'handling_paperwork', changedAt: at(5) },
    ]);
    expect(stages).toEqual([
      { status: 'confirmed', reachedAt: at(1) },
      { status: 'handling_paperwork', reachedAt: at(5) },
    ]);
  });

  it('shows a canceled import with what it reached before, then canceled', () => {
    const stages = reachedStages('canceled', [
      { status: 'handling_paperwork', changedAt: at(2) },
      { status: 'confirmed', changedAt: at(1) },
      { status: 'canceled', changedAt: at(6) },
    ]);
    expect(stages.map((s) => s.status)).toEqual(['confirmed', 'handling_paperwork', 'canceled']);
    expect(stages.at(-1)).toEqual({ status: 'canceled', reachedAt: at(6) });
  });

  it('shows all eight stages once delivered', () => {
    expect(reachedStages('delivered', [{ status: 'delivered', changedAt: at(20) }])).toHaveLength(8);
  });
});

describe('daysInStage and trackingPath', () => {
  it('counts whole days, never negative', () => {
    const now = new Date('2026-05-10T09:59:59Z');
    expect(daysInStage(at(1), now)).toBe(8);
    expect(daysInStage(at(10), now)).toBe(0);
    expect(daysInStage(at(11), now)).toBe(0);
  });
  it('builds the public path', () => {
    expect(trackingPath('abc-123')).toBe('/acompanhar/abc-123');
  });
});
