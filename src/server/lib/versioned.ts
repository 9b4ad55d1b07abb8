/**
 * Optimistic concurrency, one mechanism for every record (docs/decisions/022-optimistic-concurrency.md).
 *
 * A versioned table has `version integer not null default 1`. Every update runs
 * `update ... set ..., version = version + 1 where id = $id and ($expected is null or version = $expected)`;
 * when no row changed, the record either is gone (404) or was changed by someone else since the
 * client read it (409 STALE_VERSION). The expected version comes from the body's `version` field
 * or the `If-Match` header (see expectedVersion).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { INT4_MAX } from '#shared/schemas/common.ts';
import { STALE_VERSION, staleVersionMessage } from '#shared/schemas/versioned.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, notFound } from './app-error.ts';

export { STALE_VERSION };

/** The 409 of a stale write: 'This <record> was changed by someone else. Reload to see the latest.' */
export const staleVersion = (record: string) => new AppError('STALE_VERSION', staleVersionMessage(record));

/** A table that takes part: an integer `id` and `version`. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * The version a write is based on: the body's `version` when sent, else the `If-Match` header
 * (`"3"`, `3` or `W/"3"`), else null (no check: the spec's calls work as written). A malformed
 * header answers 400.
 */
export function expectedVersion(
  request: FastifyRequest,
  body?: { version?: number | undefined } | null,
): number | null {
  if (body && typeof body.version === 'number') return body.version;
  const header = request.headers['if-match'];
  if (header === undefined || header === '' || header === '*') return null;
  const text = (Array.isArray(header) ? header[0]! : header).trim();
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(text);
  const version = m ? Number(m[1]) : NaN;
  if (!m || version > INT4_MAX) {
    const message = 'If-Match must be the version you read, e.g. "3"';
    throw new AppError('VALIDATION', message, { version: message });
  }
  return version;
}

/** `id = $id and ($expected is null or version = $expected)` */
export function versionedWhere(table: VersionedTable, id: number, expected: number | null, extra?: SQL): SQL {
  return and(eq(table.id, id), expected === null ? undefined : eq(table.version, expected), extra)!;
}

/** `version = version + 1`, to spread into every update's `set`. */
export const nextVersion = (table: VersionedTable) => ({ version: sql`${table.version} + 1` });

export interface VersionedWriteOptions {
  /** The record's name in the 409 message: 'import', 'cost', 'supplier'. */
  record: string;
  /** The 404 message when the row does not exist. */
  notFoundMessage: string;
}

/**
 * After an update or delete that changed no row: 404 when the row does not exist, else 409 (it
 * exists with another version). Answers the error to throw.
 */
export async function missedWriteError(
  db: DbOrTx,
  table: VersionedTable,
  id: number,
  opts: VersionedWriteOptions,
): Promise<AppError> {
  const rows = await db
    .select({ version: table.version })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return rows.length ? staleVersion(opts.record) : notFound(opts.notFoundMessage);
}

/**
 * Updates one row if its version is still `expected` (or always, when `expected` is null), adding
 * one to its version; answers the updated row, or throws 404 / 409 STALE_VERSION.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  id: number,
  expected: number | null,
  set: PgUpdateSetSource<T>,
  opts: VersionedWriteOptions,
): Promise<T['$inferSelect']> {
  const rows = (await db
    .update(table)
    .set({ ...set, ...nextVersion(table) } as PgUpdateSetSource<T>)
    .where(versionedWhere(table, id, expected))
    .returning()) as T['$inferSelect'][];
  if (rows[0]) return rows[0];
  throw await missedWriteError(db, table, id, opts);
}

/** Deletes one row if its version is still `expected` (or always); throws 404 / 409 STALE_VERSION. */
export async function deleteVersioned(
  db: DbOrTx,
  table: VersionedTable,
  id: number,
  expected: number | null,
  opts: VersionedWriteOptions,
): Promise<void> {
  const rows = await db
    .delete(table)
    .where(versionedWhere(table, id, expected))
    .returning({ id: table.id });
  if (rows.length) return;
  throw await missedWriteError(db, table, id, opts);
}
