// Staff accounts from the command line:
//   npm run users -- list
//   npm run users -- create <username> [--role admin|user] [--email E] [--first-name F] [--last-name L] [--password P]
//   npm run users -- reset-password <username> [--password P]
// Without --password a strong one is generated and printed once. Uses DATABASE_URL, else the
// embedded PostgreSQL in DATA_DIR (default ./data, ADR 048), which must not be open in a running app.
import { parseArgs } from 'node:util';
import { readablePassword } from '#server/bootstrap.ts';
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { hashPassword } from '#server/lib/password.ts';
import { revokeAllTokens } from '#server/modules/api-tokens/api-tokens.repository.ts';
import { recordAudit } from '#server/modules/audit/audit.repository.ts';
import { revocationBatches } from '#server/modules/auth/session.service.ts';
import { deleteSessionsOfUser } from '#server/modules/auth/sessions.repository.ts';
import { notifyInstances } from '#server/realtime/pg-bridge.ts';
import { findUserByUsername, insertUser, listUsers, updateUser } from '#server/modules/users/users.repository.ts';
import { isStrongPassword, ROLES, USERNAME_MIN_LENGTH, type Role } from '#shared/schemas/users.ts';

const USAGE = `Usage:
  npm run users -- list
  npm run users -- create <username> [--role admin|user] [--email E] [--first-name F] [--last-name L] [--password P]
  npm run users -- reset-password <username> [--password P]`;

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string', default: 'user' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    password: { type: 'string' },
  },
});
const [command, username] = positionals;
if (!command || !['list', 'create', 'reset-password'].includes(command)) fail(`unknown command\n${USAGE}`);
if (command !== 'list' && !username) fail(`a username is required\n${USAGE}`);
if (values.password !== undefined && !isStrongPassword(values.password)) {
  fail('Password must be at least 8 characters with uppercase, lowercase, and number');
}

const env = loadEnv();
const database = await openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }).catch(
  (err: Error) => fail(err.message),
);
try {
  await runMigrations(database);
  const db = database.db;
  if (command === 'list') {
    for (const u of await listUsers(db))
      console.log(`${String(u.id).padStart(4)}  ${u.username.padEnd(20)} ${u.role.padEnd(6)} ${u.email ?? ''}`);
  } else if (command === 'create') {
    if (username!.length < USERNAME_MIN_LENGTH) fail('Username must be at least 3 characters');
    if (!ROLES.includes(values.role as Role)) fail('Please select a role: admin or user');
    if (await findUserByUsername(db, username!)) fail(`user '${username}' already exists (use reset-password)`);
    const password = values.password ?? readablePassword();
    await insertUser(db, {
      username: username!,
      password: await hashPassword(password),
      role: values.role as Role,
      email: values.email ?? null,
      firstName: values['first-name'] ?? null,
      lastName: values['last-name'] ?? null,
    });
    console.log(`created ${values.role} '${username}'${values.password ? '' : ` with password: ${password}`}`);
  } else {
    const user = (await findUserByUsername(db, username!)) ?? fail(`no user '${username}'`);
    const password = values.password ?? readablePassword();
    await updateUser(db, user.id, { password: await hashPassword(password) });
    // A reset ends every session the account had, wherever it was signed in: running instances on
    // the same PostgreSQL drop them from their caches and close their sockets at once.
    const sids = await deleteSessionsOfUser(db, user.id);
    for (const batch of revocationBatches(sids))
      await notifyInstances(db, { type: 'session_revoked', data: { sids: batch }, audience: { kind: 'server' } });
    await recordAudit(db, {
      event: 'password_changed',
      userId: user.id,
      username: user.username.toLowerCase(),
      details: 'reset from the command line',
    });
    // And its access tokens (ADR 059): a reset ends every credential the account had.
    for (const token of await revokeAllTokens(db, user.id, new Date()))
      await recordAudit(db, {
        event: 'api_token_revoked',
        userId: user.id,
        username: user.username.toLowerCase(),
        details: `${token.name} (password reset from the command line)`,
      });
    console.log(
      `password of '${user.username}' reset${values.password ? '' : `; new password: ${password}`}; its sessions and access tokens were ended`,
    );
  }
} finally {
  await database.close();
}
