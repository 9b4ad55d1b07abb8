// Child process of init-pglite.ts: creates the PGlite cluster in argv[2] and applies the migrations.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGLITE_CONF } from './client.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: init-pglite.child.ts <data directory>');
const client = await PGlite.create(dir, { extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF });
await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
await client.close();
