import { describe, expect, it } from 'vitest';
import { latenessLevel } from './lateness.ts';

const now = new Date('2026-11-21T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('lateness', () => {
  it('requested and waiting: 12 h = 1, 24 h = 2, 48 h = 3', () => {
    for (const status of ['requested', 'waiting'] as const) {
      expect(latenessLevel(status, hoursAgo(11.99), now)).toBe(0);
      expect(latenessLevel(status, hoursAgo(12), now)).toBe(1);
      expect(latenessLevel(status, hoursAgo(24), now)).toBe(2);
      expect(latenessLevel(status, hoursAgo(48), now)).toBe(3);
    }
  });
  it('other open statuses: 48 h = 1, 72 h = 2, 120 h = 3', () => {
    for (const status of ['quoted', 'clarifying', 'contacted'] as const) {
      expect(latenessLevel(status, hoursAgo(47.9), now)).toBe(0);
      expect(latenessLevel(status, hoursAgo(48), now)).toBe(1);
      expect(latenessLevel(status, hoursAgo(72), now)).toBe(2);
      expect(latenessLevel(status, hoursAgo(120), now)).toBe(3);
    }
  });
  it('rejected and converted are never late', () => {
    expect(latenessLevel('rejected', hoursAgo(1000), now)).toBe(0);
    expect(latenessLevel('converted', hoursAgo(1000), now)).toBe(0);
  });
});
