import { describe, expect, it } from 'vitest';
import { initials, relativeTime } from './format.ts';

describe('relativeTime (notification panel)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it("says 'Just now' under one hour", () => {
    expect(relativeTime(new Date('2026-11-21T11:00:01Z'), now)).toBe('Just now');
  });
  it("says 'Nh ago' from one hour to under 24 hours", () => {
    expect(relativeTime(new Date('2026-11-21T11:00:00Z'), now)).toBe('1h ago');
    expect(relativeTime(new Date('2026-11-20T12:00:01Z'), now)).toBe('23h ago');
  });
  it('shows a date from 24 hours on', () => {
    expect(relativeTime(new Date('2026-11-20T12:00:00Z'), now)).toBe('Nov 20, 2026');
  });
});

describe('initials', () => {
  it('uses first and last initials, else the start of the fallback', () => {
    expect(initials('Ana', 'Ferreira', 'ana')).toBe('AF');
    expect(initials(null, null, 'admin')).toBe('AD');
  });
});
