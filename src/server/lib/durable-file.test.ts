import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileDurably } from './durable-file.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'durable-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileDurably', () => {
  it('writes the contents with the mode asked for', () => {
    const file = path.join(dir, 'secret');
    writeFileDurably(file, 'abc\n', { mode: 0o600 });
    expect(readFileSync(file, 'utf8')).toBe('abc\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses an existing file with flag 'wx'", () => {
    const file = path.join(dir, 'once');
    writeFileDurably(file, 'first', { mode: 0o600, flag: 'wx' });
    expect(() => writeFileDurably(file, 'second', { mode: 0o600, flag: 'wx' })).toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('first');
  });
});
