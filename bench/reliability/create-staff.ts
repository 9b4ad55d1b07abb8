// Creates the suite's staff accounts on an empty database in one process (migrations included),
// as `npm run users -- create` would one at a time: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR.
// Usage: tsx bench/reliability/create-staff.ts '<json [{username, password, role}]>'
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import type { Role } from '#shared/schemas/users.ts';

const accounts = JSON.parse(process.argv[2] ?? '[]') as { username: string; password: string; role: Role }[];
const database = await openDb(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR },
);
try {
  await runMigrations(database);
  for (const a of accounts)
    await insertUser(database.db, {
      username: a.username,
      password: await hashPassword(a.password),
      role: a.role,
      email: null,
    });
} finally {
  await database.close();
}
