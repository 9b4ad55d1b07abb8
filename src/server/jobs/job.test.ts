import { describe, expect, it } from 'vitest';
import {
  HOUR,
  MINUTE,
  assertValidJob,
  everyHours,
  everyMinutes,
  hourlyAt,
  nextSlot,
  retryDelay,
  slotOf,
  type Job,
} from './job.ts';

const at = (iso: string) => new Date(iso);

describe('schedules', () => {
  it('puts a moment in the epoch-aligned slot that contains it', () => {
    const fiveMinutes = everyMinutes(5);
    expect(slotOf(fiveMinutes, at('2026-11-25T10:07:59.999Z'))).toEqual(at('2026-11-25T10:05:00Z'));
    expect(slotOf(fiveMinutes, at('2026-11-25T10:10:00Z'))).toEqual(at('2026-11-25T10:10:00Z'));
    expect(nextSlot(fiveMinutes, at('2026-11-25T10:07:00Z'))).toEqual(at('2026-11-25T10:10:00Z'));
    expect(slotOf(everyHours(2), at('2026-11-25T11:30:00Z'))).toEqual(at('2026-11-25T10:00:00Z'));
  });

  it('shifts slots by an offset: hourly at a given minute', () => {
    const quarterPast = hourlyAt(15);
    expect(quarterPast).toEqual({ every: HOUR, offset: 15 * MINUTE });
    expect(slotOf(quarterPast, at('2026-11-25T10:14:59Z'))).toEqual(at('2026-11-25T09:15:00Z'));
    expect(slotOf(quarterPast, at('2026-11-25T10:15:00Z'))).toEqual(at('2026-11-25T10:15:00Z'));
    expect(nextSlot(quarterPast, at('2026-11-25T10:20:00Z'))).toEqual(at('2026-11-25T11:15:00Z'));
  });

  it('starts hourly slots at minute 0 in Europe/Lisbon, in winter and in summer time', () => {
    const lisbonMinute = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', minute: '2-digit' });
    for (const moment of ['2026-01-15T10:42:00Z', '2026-07-15T10:42:00Z'])
      expect(lisbonMinute.format(slotOf(hourlyAt(0), at(moment)))).toBe('0');
  });

  it('keeps firstAfter apart from the slot arithmetic', () => {
    expect(everyHours(1, { firstAfter: MINUTE })).toEqual({ every: HOUR, firstAfter: MINUTE });
    expect(slotOf(everyHours(1, { firstAfter: MINUTE }), at('2026-11-25T10:30:00Z'))).toEqual(
      at('2026-11-25T10:00:00Z'),
    );
  });

  it('doubles the wait after each failed attempt', () => {
    const retry = { attempts: 4, backoff: 30_000 };
    expect([1, 2, 3].map((attempt) => retryDelay(retry, attempt))).toEqual([30_000, 60_000, 120_000]);
  });
});

describe('assertValidJob', () => {
  const job = (over: Partial<Job>): Job => ({
    name: 'mail-poll',
    schedule: everyMinutes(5),
    run: async () => {},
    ...over,
  });

  it('accepts a sensible job', () => {
    expect(() => assertValidJob(job({ retry: { attempts: 1, backoff: 0 }, lease: 2 * MINUTE }))).not.toThrow();
  });

  it('names every problem of a job it cannot schedule', () => {
    expect(() => assertValidJob(job({ name: 'Mail Poll' }))).toThrow(/name must be kebab-case/);
    expect(() => assertValidJob(job({ name: 'x'.repeat(51) }))).toThrow(/at most 50 characters/);
    expect(() => assertValidJob(job({ schedule: { every: 0 } }))).toThrow(/schedule.every/);
    expect(() => assertValidJob(job({ schedule: { every: HOUR, offset: HOUR } }))).toThrow(/schedule.offset/);
    expect(() => assertValidJob(job({ schedule: { every: HOUR, firstAfter: -1 } }))).toThrow(/firstAfter/);
    expect(() => assertValidJob(job({ retry: { attempts: 0, backoff: 1 } }))).toThrow(/retry.attempts/);
    expect(() => assertValidJob(job({ lease: 10 }))).toThrow(/lease/);
  });
});
