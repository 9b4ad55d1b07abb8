// The README promises Node 20.19 (package.json `engines`, ADR 001). `npm ci` only warns when a
// package in the tree asks for more (EBADENGINE), so a newer transitive version can make that promise
// false without anyone noticing; this reads the lock file and names every package that would warn.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

const root = new URL('../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8'));

describe('the Node version the README states', () => {
  const promised = (readJson('package.json') as { engines: { node: string } }).engines.node;
  const floor = semver.minVersion(promised)!.version;

  it('is the floor of package.json engines (20.19)', () => {
    expect(floor).toBe('20.19.0');
  });

  it('satisfies every installed package: npm ci prints no EBADENGINE on it', () => {
    const packages = (readJson('package-lock.json') as { packages: Record<string, LockedPackage> }).packages;
    const nodeRange = (p: LockedPackage) =>
      p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string' ? p.engines.node : null;
    const refused = Object.entries(packages)
      .filter(([, p]) => nodeRange(p) !== null && !semver.satisfies(floor, nodeRange(p)!))
      .map(([where, p]) => `${where}@${p.version}: node ${nodeRange(p)}`);
    expect(refused).toEqual([]);
  });
});
