import type { Db } from '#server/db/client.ts';
import { AppError, forbidden, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/password.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { UserUpdate } from '#shared/schemas/users.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import * as repo from './users.repository.ts';

export function createUsersService(deps: { db: Db; clock: Clock; hub: EventHub; audit: Pick<AuditService, 'record'> }) {
  const { db, clock, hub, audit } = deps;

  async function assertUnique(id: number | null, username: string, email: string | null) {
    const byName = await repo.findUserByUsername(db, username);
    if (byName && byName.id !== id)
      throw new AppError('CONFLICT', 'Username already taken', { username: 'Username already taken' });
    if (email) {
      const byEmail = await repo.findUserByEmail(db, email);
      if (byEmail && byEmail.id !== id)
        throw new AppError('CONFLICT', 'Email already in use', { email: 'Email already in use' });
    }
  }

  return {
    /** Own profile for everyone; any user for admins, 403 for anyone else. Only admins change roles. */
    async update(actor: repo.UserRow, id: number, input: UserUpdate, ip: string): Promise<repo.UserRow> {
      if (actor.id !== id && actor.role !== 'admin') throw forbidden();
      const target = await repo.findUserById(db, id);
      if (!target) throw notFound('User not found');
      await assertUnique(id, input.username, input.email);

      const values: Partial<repo.NewUserRow> = {
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
      };
      if (input.role && input.role !== target.role) {
        if (actor.role !== 'admin') throw forbidden();
        if (target.role === 'admin' && (await repo.countAdminsExcept(db, id)) === 0) {
          throw new AppError('CONFLICT', 'The last admin cannot lose the admin role', {
            role: 'The last admin cannot lose the admin role',
          });
        }
        values.role = input.role;
      }
      if (input.password) values.password = await hashPassword(input.password);

      const updated = await repo.updateUser(db, id, values);
      if (!updated) throw notFound('User not found');
      if (input.password) {
        await audit.record({
          event: 'password_changed',
          username: updated.username.toLowerCase(),
          ipAddress: ip,
          details: actor.id === id ? 'changed own password' : `changed by ${actor.username}`,
          timestamp: clock.now(),
        });
      }
      hub.publish({ type: 'user_updated', data: { userId: id }, audience: { kind: 'staff' } });
      return updated;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
