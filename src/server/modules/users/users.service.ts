import type { Db } from '#server/db/client.ts';
import { AppError, forbidden, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  USERNAME_ADMIN_ONLY,
  type UserUpdate,
} from '#shared/schemas/users.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { SessionService } from '#server/modules/auth/session.service.ts';
import * as repo from './users.repository.ts';

export function createUsersService(deps: {
  db: Db;
  clock: Clock;
  hub: EventHub;
  audit: Pick<AuditService, 'record'>;
  sessions: Pick<SessionService, 'destroyAllForUser'>;
}) {
  const { db, clock, hub, audit, sessions } = deps;

  async function assertUnique(id: number, username: string | undefined, email: string | undefined) {
    if (username !== undefined) {
      const byName = await repo.findUserByUsername(db, username);
      if (byName && byName.id !== id)
        throw new AppError('CONFLICT', 'Username already taken', { username: 'Username already taken' });
    }
    if (email) {
      const byEmail = await repo.findUserByEmail(db, email);
      if (byEmail && byEmail.id !== id)
        throw new AppError('CONFLICT', 'Email already in use', { email: 'Email already in use' });
    }
  }

  return {
    /**
     * Own profile for everyone; any user for admins, 403 for anyone else. Only admins change roles
     * and usernames. A field left out keeps its value. A new password of one's own needs the
     * current one and ends one's other sessions; an admin's reset ends all of that user's sessions.
     * `actorSid` is the session making the call.
     */
    async update(
      actor: repo.UserRow,
      id: number,
      input: UserUpdate,
      meta: { ip: string; actorSid?: string },
    ): Promise<repo.UserRow> {
      if (actor.id !== id && actor.role !== 'admin') throw forbidden();
      const target = await repo.findUserById(db, id);
      if (!target) throw notFound('User not found');
      const own = actor.id === id;

      if (input.username !== undefined && input.username !== target.username && actor.role !== 'admin')
        throw new AppError('FORBIDDEN', USERNAME_ADMIN_ONLY, { username: USERNAME_ADMIN_ONLY });
      await assertUnique(id, input.username, input.email);

      const values: Partial<repo.NewUserRow> = {};
      if (input.username !== undefined) values.username = input.username;
      if (input.email !== undefined) values.email = input.email;
      if (input.firstName !== undefined) values.firstName = input.firstName;
      if (input.lastName !== undefined) values.lastName = input.lastName;
      if (input.role && input.role !== target.role) {
        if (actor.role !== 'admin') throw forbidden();
        if (target.role === 'admin' && (await repo.countAdminsExcept(db, id)) === 0) {
          throw new AppError('CONFLICT', 'The last admin cannot lose the admin role', {
            role: 'The last admin cannot lose the admin role',
          });
        }
        values.role = input.role;
      }
      if (input.password) {
        if (own) {
          if (!input.currentPassword)
            throw new AppError('VALIDATION', CURRENT_PASSWORD_REQUIRED, { currentPassword: CURRENT_PASSWORD_REQUIRED });
          if (!(await verifyPassword(target.password, input.currentPassword)))
            throw new AppError('VALIDATION', CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
        }
        values.password = await hashPassword(input.password);
      }

      const updated = Object.keys(values).length ? await repo.updateUser(db, id, values) : target;
      if (!updated) throw notFound('User not found');
      if (input.password) {
        await sessions.destroyAllForUser(id, own ? meta.actorSid : undefined);
        await audit.record({
          event: 'password_changed',
          userId: id,
          username: updated.username.toLowerCase(),
          ipAddress: meta.ip,
          details: own ? 'changed own password' : `changed by ${actor.username}`,
          timestamp: clock.now(),
        });
      }
      hub.publish({ type: 'user_updated', data: { userId: id }, audience: { kind: 'staff' } });
      return updated;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
