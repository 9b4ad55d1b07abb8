import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import { LOGIN_LOCKOUT, type LoginInput } from '#shared/schemas/auth.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { findUserByUsername, type UserRow } from '#server/modules/users/users.api.ts';
import type { SessionService } from './session.service.ts';

const INVALID_CREDENTIALS = 'Invalid username or password';
const minutes = (n: number) => n * 60_000;

function lockedMessage(until: Date, now: Date): string {
  const left = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. This account is locked for ${left} more minute${left === 1 ? '' : 's'}.`;
}

export function createAuthService(deps: { db: Db; clock: Clock; sessions: SessionService; audit: AuditService }) {
  const { db, clock, sessions, audit } = deps;
  // Verifying against a real hash for unknown usernames keeps response times alike, so timing
  // does not reveal which usernames exist.
  const dummyHash = hashPassword('not-a-real-password-1A');

  async function lockedUntil(username: string, now: Date): Promise<Date | null> {
    const lockedAt = await audit.latestEventTime(username, ['account_locked']);
    if (!lockedAt) return null;
    const until = new Date(lockedAt.getTime() + minutes(LOGIN_LOCKOUT.lockMinutes));
    return until > now ? until : null;
  }

  return {
    async login(
      input: LoginInput,
      meta: { ip: string; userAgent?: string },
    ): Promise<{ user: UserRow; token: string; expire: Date }> {
      const username = input.username.trim().toLowerCase();
      const now = clock.now();
      const until = await lockedUntil(username, now);
      if (until) {
        await audit.record({
          event: 'login_failure',
          userId: (await findUserByUsername(db, username))?.id ?? null,
          username,
          ipAddress: meta.ip,
          details: 'account locked',
          timestamp: now,
        });
        throw new AppError('LOCKED', lockedMessage(until, now));
      }

      const user = await findUserByUsername(db, username);
      const ok = user
        ? await verifyPassword(user.password, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      if (!user || !ok) {
        await audit.record({
          event: 'login_failure',
          userId: user?.id ?? null,
          username,
          ipAddress: meta.ip,
          details: user ? 'wrong password' : 'unknown username',
          timestamp: now,
        });
        // Failures count within the window, since the last success or the end of the last lock
        // (attempts refused during a lock do not carry over into the next one).
        const lastSuccess = await audit.latestEventTime(username, ['login_success']);
        const lastLock = await audit.latestEventTime(username, ['account_locked']);
        const lastLockEnd = lastLock ? new Date(lastLock.getTime() + minutes(LOGIN_LOCKOUT.lockMinutes)) : null;
        const since = [new Date(now.getTime() - minutes(LOGIN_LOCKOUT.windowMinutes)), lastSuccess, lastLockEnd]
          .filter((d): d is Date => d !== null)
          .reduce((a, b) => (a > b ? a : b));
        const failures = await audit.countFailuresSince(username, since);
        if (failures >= LOGIN_LOCKOUT.maxFailures) {
          const lockEnd = new Date(now.getTime() + minutes(LOGIN_LOCKOUT.lockMinutes));
          await audit.record({
            event: 'account_locked',
            userId: user?.id ?? null,
            username,
            ipAddress: meta.ip,
            details: `${failures} failed attempts; locked until ${lockEnd.toISOString()}`,
            timestamp: new Date(now.getTime() + 1), // orders after the failure that caused it
          });
          throw new AppError('LOCKED', lockedMessage(lockEnd, now));
        }
        throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
      }

      const { token, expire } = await sessions.create(user.id, meta);
      await audit.record({ event: 'login_success', userId: user.id, username, ipAddress: meta.ip, timestamp: now });
      return { user, token, expire };
    },

    async logout(sid: string, user: Pick<UserRow, 'id' | 'username'>, ip: string): Promise<void> {
      await sessions.destroy(sid);
      await audit.record({
        event: 'logout',
        userId: user.id,
        username: user.username.toLowerCase(),
        ipAddress: ip,
        timestamp: clock.now(),
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
