import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { hashPassword } from '#server/lib/password.ts';
import { ensureDefaultTemplates } from '#server/modules/email/email.api.ts';
import { ensureSettingDefaults } from '#server/modules/settings/settings.api.ts';
import { countUsers, insertUserIfAbsent } from '#server/modules/users/users.api.ts';

/** Letters and digits that cannot be confused when read from a log (no 0/O, 1/l/I). */
export function readablePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  // Always satisfies the password rule: one of each class, then random characters.
  const pick = (set: string, b: number) => set[b % set.length]!;
  const head =
    pick('abcdefghjkmnpqrstuvwxyz', bytes[0]!) +
    pick('ABCDEFGHJKLMNPQRSTUVWXYZ', bytes[1]!) +
    pick('23456789', bytes[2]!);
  return head + Array.from(bytes.subarray(3), (b) => pick(alphabet, b)).join('');
}

/**
 * First start with no users: an admin from ADMIN_USERNAME / ADMIN_PASSWORD, or
 * 'admin' with a random password printed once to the log.
 */
export async function ensureFirstAdmin(
  db: Db,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const username = env.ADMIN_USERNAME ?? 'admin';
  const password = env.ADMIN_PASSWORD ?? readablePassword();
  const created = await insertUserIfAbsent(db, { username, password: await hashPassword(password), role: 'admin' });
  if (!created) return; // another instance created it first
  if (env.ADMIN_PASSWORD) {
    log.info({ username }, 'Created the first admin from ADMIN_USERNAME / ADMIN_PASSWORD');
  } else {
    // Printed once, on purpose: this is the only way to learn the generated password.
    const banner = [
      '',
      '================================================================',
      '  First start: created the administrator account',
      `    username: ${username}`,
      `    password: ${password}`,
      '  Sign in at /admin and change the password in Edit Profile.',
      '  (Lost it? npm run users -- reset-password ' + username + ')',
      '================================================================',
      '',
    ].join('\n');
    process.stdout.write(banner + '\n');
  }
}

export async function bootstrapData(
  db: Db,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
  log: FastifyBaseLogger,
) {
  await ensureSettingDefaults(db);
  await ensureDefaultTemplates(db);
  await ensureFirstAdmin(db, env, log);
}
