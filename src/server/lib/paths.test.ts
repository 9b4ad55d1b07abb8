import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot, REPO_ROOT, RUNNING_COMPILED } from './paths.ts';

describe('findRepoRoot', () => {
  let tmp: string | undefined;
  afterEach(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));

  it('finds the same root from the sources and from the bundle folders', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paths-'));
    fs.writeFileSync(path.join(tmp, 'package.json'), '{}');
    for (const dir of ['src/server/lib', 'dist/server/chunks']) fs.mkdirSync(path.join(tmp, dir), { recursive: true });
    expect(findRepoRoot(path.join(tmp, 'src/server/lib'))).toBe(tmp);
    expect(findRepoRoot(path.join(tmp, 'dist/server/chunks'))).toBe(tmp);
  });

  it('is this repository when running the sources', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, 'migrations'))).toBe(true);
    expect(fs.existsSync(path.join(REPO_ROOT, 'src/server/main.ts'))).toBe(true);
    expect(RUNNING_COMPILED).toBe(false);
  });
});
