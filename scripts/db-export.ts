// Portable SQL of the embedded database (PGlite), made by the PGlite project's own pg_dump build:
//   npm run db:export [-- OUT.sql]      default ./data/export-<UTC time>.sql
//   npm run db:move-to-postgres -- DATABASE_URL
// The move loads that SQL into an empty PostgreSQL database in one transaction and ends with the
// restore's integrity check. Stop the server first: PGlite is single-process.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { exportPgliteSql } from '#server/integrations/backup/pglite-export.ts';
import { moveToPostgres } from '#server/modules/backups/move-to-postgres.ts';

const [command, arg] = process.argv.slice(2);
const env = loadEnv({ ...process.env, DATABASE_URL: undefined });
if (command !== 'export' && !(command === 'move' && arg)) {
  console.error('Usage: npm run db:export [-- OUT.sql]\n       npm run db:move-to-postgres -- DATABASE_URL');
  process.exit(2);
}
const database = await openDb({ dataDir: env.DATA_DIR });
try {
  if (command === 'export') {
    const out = path.resolve(
      arg ?? path.join(env.DATA_DIR, `export-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z.sql`),
    );
    const text = await exportPgliteSql(database.pglite!);
    await writeFile(out, text);
    console.log(`${out} (${Buffer.byteLength(text)} bytes)`);
  } else {
    const { tables, rows } = await moveToPostgres(database, arg!);
    console.log(`Moved: ${tables} tables, ${rows} rows, integrity check passed.`);
    console.log('Start the app with DATABASE_URL set to that database (and keep ./data as a copy until you are sure).');
  }
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
