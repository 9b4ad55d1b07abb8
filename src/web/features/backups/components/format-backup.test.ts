import { describe, expect, it } from 'vitest';
import { formatBackupTime, formatBytes } from './format-backup.ts';

describe('backup list formats', () => {
  it('shows sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5_741_568)).toBe('5.5 MB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MB');
  });
  it('shows times in en-GB', () => {
    expect(formatBackupTime('2026-11-25T17:11:02Z')).toMatch(/^25\/11\/2026, \d{2}:11:02$/);
  });
});
