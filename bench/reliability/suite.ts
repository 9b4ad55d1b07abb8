// Settings shared by the reliability tests: short form (CI) or full form (RELIABILITY_FULL=1), the
// databases to run on, and where the figures go.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/server.ts';
import type { BackendKind } from './app-server.ts';

/** The full form: more cases per field, every case for every role, more crash rounds. */
export const FULL = process.env.RELIABILITY_FULL === '1';

const envNumber = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined);

/**
 * The load part: 200 clients for 60 s in the full form (issue 19), 50 for 12 s in CI, each after
 * a warm-up of the same load (5 s, 2 s) whose calls are checked but not in the figures;
 * RELIABILITY_LOAD_CLIENTS, RELIABILITY_LOAD_SECONDS and RELIABILITY_LOAD_WARMUP_S override them.
 */
export const LOAD = {
  clients: envNumber('RELIABILITY_LOAD_CLIENTS') ?? (FULL ? 200 : 50),
  seconds: envNumber('RELIABILITY_LOAD_SECONDS') ?? (FULL ? 60 : 12),
  warmupS: envNumber('RELIABILITY_LOAD_WARMUP_S') ?? (FULL ? 5 : 2),
};

/**
 * The embedded PostgreSQL (ADR 048), and PostgreSQL unless SKIP_PG_TESTS=1 (BENCH_PG_URL names
 * the server); RELIABILITY_BACKENDS=postgres (or embedded) picks one.
 */
export function backendsToRun(): BackendKind[] {
  const all: BackendKind[] = process.env.SKIP_PG_TESTS === '1' ? ['embedded'] : ['embedded', 'postgres'];
  const only = process.env.RELIABILITY_BACKENDS?.split(',');
  return only ? all.filter((k) => only.includes(k)) : all;
}

/** Prints one result and keeps it in test-results/reliability/<name>.json for bench/README.md. */
export function report(name: string, figures: Record<string, unknown>): void {
  console.log(`[reliability] ${name}: ${JSON.stringify(figures)}`);
  const dir = path.join(repoRoot, 'test-results', 'reliability');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2));
}
