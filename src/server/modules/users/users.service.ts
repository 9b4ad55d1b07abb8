import type { Db } from '#server/db/client.ts';
import { AppError, forbidden, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  CANNOT_DELETE_SELF,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  LAST_ADMIN_DELETE,
  LAST_ADMIN_DEMOTE,
  USERNAME_ADMIN_ONLY,
  type UserCreate,
  type UserUpdate,
} from '#shared/schemas/users.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { ApiTokensService } from '#server/modules/api-tokens/api-tokens.service.ts';
import type { SessionService } from '#server/modules/auth/session.service.ts';
import { handOverLeads } from '#server/modules/leads/leads.api.ts';
import * as repo from './users.repository.ts';

/** The one answer to a stale write (ADR 022). */
export const STALE_USER = 'This user was changed by someone else. Reload to see the latest.';
/** Deleting a user: who takes over their leads (ADR 065). */
export const LEADS_TO_SELF = 'Choose someone else to take over the leads';
export const LEADS_TO_GONE = 'That staff member no longer exists: choose another';

interface CallMeta {
  ip: string;
  /** The session making the call: kept when one changes one's own password or role. */
  actorSid?: string;
}

export function createUsersService(deps: {
  db: Db;
  clock: Clock;
  hub: EventHub;
  audit: Pick<AuditService, 'record'>;
  sessions: Pick<SessionService, 'destroyAllForUser'>;
  tokens: Pick<ApiTokensService, 'revokeAllForUser'>;
}) {
  const { db, clock, hub, audit, sessions, tokens } = deps;

  async function assertUnique(id: number | null, username: string | undefined, email: string | undefined) {
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

  const changed = (userId: number) =>
    hub.publish({ type: 'user_updated', data: { userId }, audience: { kind: 'staff' } });

  return {
    /** Live accounts for the Users screen (admin only, checked by the route). */
    list: (search?: string) => repo.listUsers(db, search),

    /** Add User: an admin creates an account; audited as user_created. */
    async create(actor: repo.UserRow, input: UserCreate, meta: CallMeta): Promise<repo.UserRow> {
      await assertUnique(null, input.username, input.email);
      const password = await hashPassword(input.password);
      const created = await db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, {
          username: input.username,
          email: input.email,
          password,
          role: input.role,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
        });
        await audit.record(
          {
            event: 'user_created',
            userId: row.id,
            username: row.username.toLowerCase(),
            ipAddress: meta.ip,
            details: `created by ${actor.username} with role ${row.role}`,
            timestamp: clock.now(),
          },
          tx,
        );
        return row;
      });
      changed(created.id);
      return created;
    },

    /**
     * Own profile for everyone; any user for admins, 403 for anyone else. Only admins change roles
     * and usernames. A field left out keeps its value; `version`, when sent, must be the stored one
     * (409 STALE_VERSION otherwise). A new password of one's own needs the current one. A new
     * password or role ends that user's other sessions (all of them when an admin made the change).
     * The last admin keeps the admin role.
     */
    async update(actor: repo.UserRow, id: number, input: UserUpdate, meta: CallMeta): Promise<repo.UserRow> {
      if (actor.id !== id && actor.role !== 'admin') throw forbidden();
      const target = await repo.findUserById(db, id);
      if (!target) throw notFound('User not found');
      const own = actor.id === id;
      if (input.version !== undefined && input.version !== target.version)
        throw new AppError('STALE_VERSION', STALE_USER);

      if (input.username !== undefined && input.username !== target.username && actor.role !== 'admin')
        throw new AppError('FORBIDDEN', USERNAME_ADMIN_ONLY, { username: USERNAME_ADMIN_ONLY });
      await assertUnique(id, input.username, input.email);

      const values: Partial<repo.NewUserRow> = {};
      if (input.username !== undefined) values.username = input.username;
      if (input.email !== undefined) values.email = input.email;
      if (input.firstName !== undefined) values.firstName = input.firstName;
      if (input.lastName !== undefined) values.lastName = input.lastName;
      const roleChange = input.role && input.role !== target.role ? input.role : undefined;
      if (roleChange) {
        if (actor.role !== 'admin') throw forbidden();
        values.role = roleChange;
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

      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        if (roleChange && target.role === 'admin') {
          await repo.lockAdmins(tx);
          if ((await repo.countAdminsExcept(tx, id)) === 0)
            throw new AppError('CONFLICT', LAST_ADMIN_DEMOTE, { role: LAST_ADMIN_DEMOTE });
        }
        // Always a write, so the version moves and a concurrent editor is told (ADR 022).
        const row = await repo.updateUser(tx, id, values, input.version ?? target.version);
        if (!row) throw new AppError('STALE_VERSION', STALE_USER);
        const about = { userId: id, username: row.username.toLowerCase(), ipAddress: meta.ip, timestamp: now };
        if (input.password)
          await audit.record(
            {
              ...about,
              event: 'password_changed',
              details: own ? 'changed own password' : `changed by ${actor.username}`,
            },
            tx,
          );
        if (roleChange)
          await audit.record(
            { ...about, event: 'role_changed', details: `${target.role} -> ${roleChange} by ${actor.username}` },
            tx,
          );
        // New credentials end the old ones: the extension's tokens too (ADR 059).
        if (input.password || roleChange)
          await tokens.revokeAllForUser(tx, row, input.password ? 'password changed' : 'role changed', {
            ip: meta.ip,
            at: now,
          });
        return row;
      });
      if (input.password || roleChange) await sessions.destroyAllForUser(id, own ? meta.actorSid : undefined);
      changed(id);
      return updated;
    },

    /**
     * Deletes an account (admin only, checked by the route) but keeps what it made (ADR 029). One's
     * own account and the last admin cannot be deleted. Every session of that user ends.
     */
    async remove(actor: repo.UserRow, id: number, meta: CallMeta, leadsTo: number | null = null): Promise<void> {
      if (actor.id === id) throw new AppError('CONFLICT', CANNOT_DELETE_SELF);
      if (leadsTo === id) throw new AppError('VALIDATION', LEADS_TO_SELF, { leadsTo: LEADS_TO_SELF });
      const now = clock.now();
      let handed = 0;
      const deleted = await db.transaction(async (tx) => {
        const target = await repo.findUserById(tx, id);
        if (!target) throw notFound('User not found');
        if (target.role === 'admin') {
          await repo.lockAdmins(tx);
          if ((await repo.countAdminsExcept(tx, id)) === 0) throw new AppError('CONFLICT', LAST_ADMIN_DELETE);
        }
        if (leadsTo !== null && !(await repo.findUserById(tx, leadsTo)))
          throw new AppError('VALIDATION', LEADS_TO_GONE, { leadsTo: LEADS_TO_GONE });
        const row = await repo.markUserDeleted(tx, id, now);
        if (!row) throw notFound('User not found');
        // Their leads go to whom the admin picked, or to nobody (ADR 065).
        handed = await handOverLeads(tx, id, leadsTo, now);
        await audit.record(
          {
            event: 'user_deleted',
            userId: id,
            username: target.username.toLowerCase(),
            ipAddress: meta.ip,
            details: `deleted by ${actor.username}${handed ? `; ${handed} ${handed === 1 ? 'lead' : 'leads'} handed to ${leadsTo === null ? 'nobody' : `user ${leadsTo}`}` : ''}`,
            timestamp: now,
          },
          tx,
        );
        await tokens.revokeAllForUser(tx, target, `user deleted by ${actor.username}`, { ip: meta.ip, at: now });
        return row;
      });
      await sessions.destroyAllForUser(deleted.id);
      hub.publish({ type: 'user_deleted', data: { userId: id }, audience: { kind: 'staff' } });
      if (handed) hub.publish({ type: 'lead_updated', data: { byUserId: actor.id }, audience: { kind: 'staff' } });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
