// The app for bench/lighthouse.ts: its own temporary DATA_DIR (the embedded PostgreSQL) with the public fixtures of
// the browser tests (settings, leads, proposals with photos), served from dist/web in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertPublicFixtures } from '#e2e/public-data.ts';
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { appNodeArgs, freePort, repoRoot } from './server.ts';

export interface BenchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Migrates a fresh data directory, inserts the fixtures, starts the server and waits for it. */
export async function startSeededServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'autoimport-lighthouse-'));
  const database = await openDb({ dataDir });
  try {
    await runMigrations(database);
    await insertPublicFixtures(database.db);
  } finally {
    await database.close();
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench12345',
  };
  delete env.DATABASE_URL;
  // The compiled server, as `npm start` runs it (ADR 011).
  const child: ChildProcess = spawn(process.execPath, appNodeArgs(), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Load the page renderer once, as a running server would have.
  await fetch(`${baseUrl}/`);
  return { baseUrl, stop };
}
