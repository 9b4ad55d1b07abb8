// A throw-away PostgreSQL database for one benchmark, dropped afterwards (also on Ctrl+C).
import pg from 'pg';
import { addFinalizer, assertNotShuttingDown } from './cleanup.ts';

/** Maintenance connection; the database name in it is replaced per benchmark. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function serverVersion(): Promise<string> {
  return admin(async (c) => (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v);
}

export async function dropDatabase(name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends sessions a killed server may have left behind.
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
}

/** Drops `name` if it exists, creates it empty, and registers its drop for clean-up. */
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  assertNotShuttingDown();
  await dropDatabase(name);
  await admin((c) => c.query(`create database "${name}"`));
  const unregister = addFinalizer(() => dropDatabase(name));
  return {
    url: databaseUrl(name),
    drop: async () => {
      await dropDatabase(name);
      unregister();
    },
  };
}
