import { describe, expect, it } from 'vitest';
import { badgeText } from './notifications.ts';

describe('bell badge', () => {
  it("shows the count up to 9 and '9+' above", () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});
