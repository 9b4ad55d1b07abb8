import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest directory at or above `start` that holds a package.json. The server runs both from
 * its sources (src/server/..., under tsx) and from the compiled bundle (dist/server/main.js), so
 * paths are resolved from the repository root rather than relative to the running file.
 */
export function findRepoRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json at or above ${start}`);
  }
}

/** The repository root (where package.json, migrations/ and dist/ are). */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** `true` when this code runs from the compiled bundle (dist/server), `false` from the TypeScript sources. */
export const RUNNING_COMPILED = !fileURLToPath(import.meta.url).endsWith('.ts');
