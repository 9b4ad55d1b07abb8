// Run by the Playwright webServer command before the server starts (`npx tsx e2e/prepare-db.ts`):
// recreates DATA_DIR with a new embedded PostgreSQL (ADR 048), migrates it and inserts the accounts the browser
// tests sign in with, then the public site's settings and proposals (e2e/public-data.ts). Accounts are inserted directly (faster than POST /api/users, and before any admin exists), which also gives the second
// (role user) account. The database is closed at the end (its server stopped) so the app can take the directory lock.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '#server/db/client.ts';
import { stopEmbeddedPostgres } from '#server/db/embedded/embedded-server.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import type { Role } from '#shared/schemas/users.ts';
import { insertDashboardFixture } from '#test/dashboard-fixture.ts';
import { insertPublicFixtures } from './public-data.ts';
import { E2E_USERS, type E2EUser } from './users.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('prepare-db: set DATA_DIR to the (temporary) data directory of the test server');
const resolved = path.resolve(dataDir);
// It is deleted first: refuse anything that is not a throwaway directory of ours.
if (!resolved.startsWith(path.resolve(os.tmpdir()) + path.sep) || !path.basename(resolved).includes('e2e')) {
  throw new Error(
    `prepare-db: refusing to recreate ${resolved} (expected a directory named *e2e* under ${os.tmpdir()})`,
  );
}
// A server a killed run left behind would keep its files open: stop it before deleting them.
await stopEmbeddedPostgres(resolved);
rmSync(resolved, { recursive: true, force: true });

const database = await openDb({ dataDir: resolved });
try {
  await runMigrations(database);
  const staffIds: number[] = [];
  for (const user of Object.values(E2E_USERS) as E2EUser[]) {
    const row = await insertUser(database.db, {
      username: user.username,
      password: await hashPassword(user.password),
      role: user.role satisfies Role,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      email: user.email ?? null,
    });
    staffIds.push(row.id);
  }
  await insertPublicFixtures(database.db);
  // March 2025 with known totals (ADR 067): the dashboard and money-owed tests check them.
  await insertDashboardFixture(database.db, staffIds[0]!);
} finally {
  await database.close();
}
console.log(`prepare-db: ${Object.keys(E2E_USERS).length} users in ${resolved}`);
