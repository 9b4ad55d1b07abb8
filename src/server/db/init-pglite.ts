import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNING_COMPILED } from '#server/lib/paths.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The child's entry point: its own bundle next to the server's main.js when the server runs
 * compiled (dist/server, scripts/build-server.mjs; this code may sit in dist/server/chunks), the
 * TypeScript source next to this file otherwise (tsx, tests).
 */
export const CHILD = RUNNING_COMPILED
  ? path.join(path.basename(here) === 'chunks' ? path.dirname(here) : here, 'init-pglite.child.js')
  : path.join(here, 'init-pglite.child.ts');

/** Creates and migrates a new PGlite cluster in `dir` in a child process, then returns. */
export function initializeInChildProcess(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // From the sources the parent runs under tsx (npm run serve, tests), so the child inherits its
    // loader flags; the compiled child needs none, and the parent has none to pass.
    const child = spawn(process.execPath, [...process.execArgv, CHILD, dir], { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`Creating the embedded database in ${dir} failed (exit ${code}): ${stderr.trim().slice(-2000)}`),
          ),
    );
  });
}
