import { createWriteStream, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { PGLITE_CONF, type Database, type Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';
import { RestoreFailure, messageOf, type BackupDriver } from './driver.ts';
import { countTables } from './manifest.ts';

function pgliteVersion(): string {
  try {
    const pkg = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const asDatabase = (pglite: PGlite): Database => ({
  kind: 'pglite',
  db: drizzle(pglite, { schema, casing: 'snake_case' }) as unknown as Db,
  pglite,
  close: () => pglite.close(),
});

/**
 * PGlite: a CHECKPOINT, then its own dump of the data directory (a tar), taken inside a
 * transaction that counts the rows first, so the counts and the files are one snapshot; gzip runs
 * on libuv's thread pool, off the event loop, at level 1: speed over size (bench/README.md). Restore opens the tar as a new instance, checks it,
 * then swaps the data directory (Database.replacePglite).
 */
export function createPgliteDriver(database: Database): BackupDriver {
  const live = () => {
    if (!database.pglite) throw new Error('no PGlite instance');
    return database.pglite;
  };
  return {
    kind: 'pglite',
    databaseVersion: `pglite${pgliteVersion()}`,
    tool: 'PGlite dumpDataDir',
    problem: null,
    entryName: 'database.tar.gz',
    async dump(file) {
      const pg = live();
      await pg.exec('CHECKPOINT');
      let tar: Blob | undefined;
      const counts = await pg.transaction(async (tx) => {
        const c = await countTables((text) => tx.query<Record<string, unknown>>(text));
        // Synchronous read of the file tree: no other query runs meanwhile (we hold the transaction).
        tar = await pg.dumpDataDir('none');
        return c;
      });
      await pipeline(
        Readable.fromWeb(tar!.stream() as unknown as NodeReadableStream<Uint8Array>),
        createGzip({ level: 1 }),
        createWriteStream(file, { flags: 'wx' }),
      );
      return counts;
    },
    async restore(file, verify) {
      const loadDataDir = new Blob([await readFile(file)]);
      const dir = database.pgliteDir;
      const target = dir ? `${dir}.restoring` : undefined;
      if (target) await rm(target, { recursive: true, force: true });
      let next: PGlite;
      try {
        next = target
          ? await PGlite.create(target, { loadDataDir, extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF })
          : await PGlite.create({ loadDataDir, extensions: { pg_trgm } });
      } catch (err) {
        if (target) await rm(target, { recursive: true, force: true });
        throw new RestoreFailure(`the database in the backup does not open: ${messageOf(err)}`, false);
      }
      try {
        await verify(asDatabase(next));
      } catch (err) {
        await next.close().catch(() => {});
        if (target) await rm(target, { recursive: true, force: true });
        throw new RestoreFailure(messageOf(err), false);
      }
      try {
        if (target) {
          await next.close();
          await database.replacePglite!(target);
        } else await database.replacePglite!(next);
      } catch (err) {
        if (target) await rm(target, { recursive: true, force: true });
        throw new RestoreFailure(`the data could not be swapped in: ${messageOf(err)}`, false);
      }
    },
  };
}
