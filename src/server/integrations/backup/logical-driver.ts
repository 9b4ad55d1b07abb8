import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { RestoreFailure, type BackupDriver } from './driver.ts';
import {
  DamagedDumpError,
  LOGICAL_FORMAT,
  logicalHeaderSchema,
  splitLogical,
  type LogicalHeader,
  type Piece,
} from './logical-format.ts';
import { localMigrations } from '#server/db/migrate.ts';
import { countTables } from '#server/db/table-counts.ts';
import {
  applyMigrationsInTransaction,
  connectClient,
  restoreInOneTransaction,
  type PgSource,
} from './pg-restore-tx.ts';

export const LOGICAL_ENTRY = 'database.copy.gz';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const copyColumns = (t: { name: string; columns: string[] }) =>
  `public.${ident(t.name)} (${t.columns.map(ident).join(', ')})`;

/** The server's version as written in file names: pg17.6. */
export async function serverVersionOf(source: PgSource): Promise<string> {
  const { client, release } = await connectClient(source);
  try {
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version') as v`);
    return `pg${/^[\d.]+/.exec(rows[0]!.v)?.[0] ?? rows[0]!.v}`;
  } finally {
    await release();
  }
}

/** What the snapshot holds besides the rows: tables and their columns, sequences, migrations. */
async function describe(client: pg.ClientBase, counts: Record<string, number>): Promise<LogicalHeader> {
  const tables = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname order by c.relname`,
  );
  const sequences = await client.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  const hasMigrations = await client.query(
    `select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  const migrations = hasMigrations.rowCount
    ? (
        await client.query<{ hash: string; created_at: string }>(
          'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id',
        )
      ).rows.map((r) => ({ hash: r.hash, createdAt: r.created_at }))
    : [];
  const { rows } = await client.query<{ v: string }>(`select current_setting('server_version') as v`);
  return {
    format: LOGICAL_FORMAT,
    version: 1,
    server: rows[0]!.v,
    tables: tables.rows.map((t) => ({ name: t.name, columns: t.columns, rows: counts[t.name] ?? 0 })),
    sequences: sequences.rows,
    migrations,
  };
}

/**
 * The backup's migrations must be the app's first ones (same files): the rows are loaded into the
 * schema those migrations build, then the app's newer migrations run on them.
 */
function migrationLevel(header: LogicalHeader): number {
  const local = localMigrations();
  const count = header.migrations.length;
  const same = header.migrations.every((m, i) => String(local[i]?.folderMillis) === m.createdAt);
  if (count > local.length || !same)
    throw new RestoreFailure(
      count > local.length
        ? `the backup was made by a newer version of the app (${count} migrations, this one has ${local.length}); update the app first`
        : 'the backup was made by another version of the app whose migrations differ from this one',
    );
  return count ? Number(header.migrations[count - 1]!.createdAt) : -Infinity;
}

/** Rows of one table, pulled from the shared splitter until that table's end marker. */
async function* tableRows(pieces: AsyncIterator<Piece>, table: string): AsyncGenerator<Buffer> {
  for (;;) {
    const next = await pieces.next();
    if (next.done) throw new DamagedDumpError(`it is truncated (in table ${table})`);
    if (next.value.kind === 'end') return;
    if (next.value.kind !== 'data') throw new DamagedDumpError('it is out of order');
    yield next.value.data;
  }
}

async function loadDump(client: pg.ClientBase, input: AsyncIterable<Buffer>): Promise<void> {
  const pieces = splitLogical(input)[Symbol.asyncIterator]();
  const first = await pieces.next();
  const parsed = first.done || first.value.kind !== 'header' ? null : logicalHeaderSchema.safeParse(first.value.header);
  if (!parsed?.success) throw new DamagedDumpError('it is not a logical dump of this product');
  const header = parsed.data;
  await applyMigrationsInTransaction(client, migrationLevel(header));
  // Foreign keys are dropped while the rows go in (any table order works) and added back after,
  // which checks every reference of the restored data.
  const fks = await client.query<{ tbl: string; name: string; def: string }>(
    `select c.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  for (const fk of fks.rows)
    await client.query(`ALTER TABLE public.${ident(fk.tbl)} DROP CONSTRAINT ${ident(fk.name)}`);
  if (header.tables.length)
    await client.query(`TRUNCATE ${header.tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);
  for (const table of header.tables) {
    const copy = client.query(copyFrom(`COPY ${copyColumns(table)} FROM STDIN`));
    await pipeline(tableRows(pieces, table.name), copy);
  }
  const rest = await pieces.next();
  if (!rest.done) throw new DamagedDumpError('it has data after its last table');
  for (const fk of fks.rows)
    await client.query(`ALTER TABLE public.${ident(fk.tbl)} ADD CONSTRAINT ${ident(fk.name)} ${fk.def}`);
  for (const s of header.sequences)
    if (s.value !== null)
      await client.query('select setval($1::regclass, $2::bigint, true)', [`public.${ident(s.name)}`, s.value]);
}

/**
 * A backup of any PostgreSQL with no external binary (ADR 050): in one REPEATABLE READ READ ONLY
 * transaction, the row counts, then each table's rows by COPY TO STDOUT, gzip on libuv's thread
 * pool. Restore loads them in one transaction (restoreInOneTransaction), so it is all or nothing,
 * into the same or a newer PostgreSQL major (COPY's text format is read by every later version).
 *
 * `source` is where to connect (a connection string, a client config such as a Unix socket's, or
 * the app's pg.Pool); `databaseVersion` is what file names carry (serverVersionOf(source)).
 */
export function createLogicalDriver(source: PgSource, databaseVersion: string): BackupDriver {
  return {
    kind: 'postgres',
    databaseVersion,
    tool: 'logical export (COPY per table, one snapshot)',
    problem: null,
    entryName: LOGICAL_ENTRY,
    restores: [LOGICAL_ENTRY],
    async dump(file) {
      const { client, release } = await connectClient(source);
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const counts = await countTables((text) => client.query<Record<string, unknown>>(text));
        const header = await describe(client, counts.tables);
        await pipeline(
          async function* () {
            yield Buffer.from(`${JSON.stringify(header)}\n`);
            for (const table of header.tables) {
              yield* client.query(copyTo(`COPY ${copyColumns(table)} TO STDOUT`)) as AsyncIterable<Buffer>;
              yield Buffer.from('\\.\n');
            }
          },
          createGzip({ level: 3 }),
          createWriteStream(file, { flags: 'wx' }),
        );
        await client.query('COMMIT');
        return counts;
      } finally {
        await client.query('ROLLBACK').catch(() => {});
        await release();
      }
    },
    async restore(file, entry, verify) {
      if (entry !== LOGICAL_ENTRY)
        throw new RestoreFailure(
          'this backup was made by pg_dump and needs pg_restore, which this database does not have',
        );
      await restoreInOneTransaction(
        source,
        (client) =>
          pipeline(createReadStream(file), createGunzip(), async (input: AsyncIterable<Buffer>) => {
            await loadDump(client, input);
          }),
        verify,
      );
    },
  };
}

/** The logical driver with the server's version looked up (for BackupsDeps.driver). */
export async function openLogicalDriver(source: PgSource): Promise<BackupDriver> {
  return createLogicalDriver(source, await serverVersionOf(source));
}
