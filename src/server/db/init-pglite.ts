import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./init-pglite.child.ts', import.meta.url));

/** Creates and migrates a new PGlite cluster in `dir` in a child process, then returns. */
export function initializeInChildProcess(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The parent runs under tsx (npm start, tests), so the child inherits its loader flags.
    const child = spawn(process.execPath, [...process.execArgv, CHILD, dir], { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Creating the embedded database in ${dir} failed (exit ${code}): ${stderr.trim().slice(-2000)}`))));
  });
}
