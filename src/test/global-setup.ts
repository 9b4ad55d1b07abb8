import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import {
  startEmbeddedPostgres,
  stopEmbeddedPostgres,
  type EmbeddedServer,
} from '#server/db/embedded/embedded-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: { url: string; template: string; prefix: string };
  }
}

// Databases of one run are named app_test_<pid>_...: concurrent runs on one server never touch
// each other's, and leftovers of a run whose process died are dropped by the next run.
const RUN_PREFIX = `app_test_${process.pid}_`;
export const TEMPLATE_DB = `${RUN_PREFIX}template`;

/** Swap the database name in a PostgreSQL URL. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once per run into a template database each test file copies: on the embedded
 * PostgreSQL (ADR 048), a server of this run's own in a temporary directory, or, with
 * TEST_DATABASE_URL, on that server (the machine's PostgreSQL 15, for version compatibility).
 */
export default async function setup(project: TestProject) {
  await stopLeftoverServers();
  let server: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    dataDir = path.join(os.tmpdir(), `${EMBEDDED_DIR_PREFIX}${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    // A throw-away server: durability settings off, as a test database never outlives its run.
    server = await startEmbeddedPostgres({
      dataDir,
      extraSettings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
    });
    pgUrl = server.adminUrl;
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await dropTestDatabases(admin);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const database = await openDb({ databaseUrl: withDatabase(pgUrl, TEMPLATE_DB), poolSize: 1 });
  await runMigrations(database);
  await database.close();
  project.provide('pgTemplate', { url: pgUrl, template: TEMPLATE_DB, prefix: RUN_PREFIX });
  return async () => {
    await dropTestDatabases(admin);
    await admin.end();
    if (server) await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

const EMBEDDED_DIR_PREFIX = 'app-test-pg-';

/** Servers of earlier runs whose Vitest was killed before its teardown: stopped and removed. */
async function stopLeftoverServers() {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = Number(name.startsWith(EMBEDDED_DIR_PREFIX) ? name.slice(EMBEDDED_DIR_PREFIX.length) : NaN);
    if (!pid || processAlive(pid)) continue;
    const dir = path.join(os.tmpdir(), name);
    await stopEmbeddedPostgres(dir).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops this run's databases and those of runs whose process is gone. */
async function dropTestDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'app\\_test\\_%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(/^app_test_(\d+)_/.exec(datname)?.[1]);
    if (datname.startsWith(RUN_PREFIX) || (pid && !processAlive(pid)))
      await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}
