import { describe, expect, it } from 'vitest';
import { TASK_PRESETS, dayBounds } from './presets.ts';

const preset = (id: string) => TASK_PRESETS.find((p) => p.id === id)!;

// Tests run with TZ=UTC, so local times are UTC here.
describe('task presets', () => {
  const now = new Date('2026-11-27T16:42:00Z'); // a Friday

  it('calls tomorrow at 10:00', () => {
    expect(preset('call-tomorrow').dueAt(now).toISOString()).toBe('2026-11-28T10:00:00.000Z');
  });

  it('follows up in three days at 10:00', () => {
    expect(preset('follow-up-3-days').dueAt(now).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  it('calls on the next Monday, a week on when today is Monday', () => {
    expect(preset('next-monday').dueAt(now).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    const monday = new Date('2026-11-30T08:00:00Z');
    expect(preset('next-monday').dueAt(monday).toISOString()).toBe('2026-12-07T10:00:00.000Z');
  });

  it('calls in an hour, rounded up to five minutes', () => {
    expect(preset('in-1-hour').dueAt(now).toISOString()).toBe('2026-11-27T17:45:00.000Z');
  });

  it('bounds today at local midnights', () => {
    const { start, end } = dayBounds(now);
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z']);
  });
});
