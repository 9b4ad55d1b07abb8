// The embedded database's data without the app (ADR 050: the logical export, no pg_dump needed):
//   npm run db:export [-- OUT.copy.gz]        default DATA_DIR/export-<UTC time>.copy.gz
//   npm run db:move-to-postgres -- DATABASE_URL
// The export is one snapshot, COPY text per table, gzip (the data entry of a backup file). The move
// loads that snapshot into an empty PostgreSQL database in one transaction and ends with the
// restore's integrity check. Stop the app first: it owns its embedded server (ADR 048).
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { openLogicalDriver } from '#server/integrations/backup/logical-driver.ts';
import { moveLogically } from '#server/integrations/backup/move-to-postgres.ts';

const [command, arg] = process.argv.slice(2);
const env = loadEnv({ ...process.env, DATABASE_URL: undefined });
if (command !== 'export' && !(command === 'move' && arg)) {
  console.error('Usage: npm run db:export [-- OUT.copy.gz]\n       npm run db:move-to-postgres -- DATABASE_URL');
  process.exit(2);
}
const database = await openDb({ dataDir: env.DATA_DIR });
try {
  if (!database.url) throw new Error('the embedded database did not start');
  if (command === 'export') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
    const out = path.resolve(arg ?? path.join(env.DATA_DIR, `export-${stamp}Z.copy.gz`));
    const counts = await (await openLogicalDriver(database.url)).dump(out);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`${out} (${Object.keys(counts).length} tables, ${rows} rows)`);
  } else {
    const { tables, rows } = await moveLogically(database.url, arg!);
    console.log(`Moved: ${tables} tables, ${rows} rows, integrity check passed.`);
    console.log(
      'Start the app with DATABASE_URL set to that database (and keep DATA_DIR as a copy until you are sure).',
    );
  }
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
