import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { staleVersion } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { BulkLeadOwner, OwnerRule, OwnerRuleResponse, SetLeadOwner } from '#shared/schemas/lead-owners.ts';
import * as repo from './owner.repository.ts';

export const LEAD_NOT_FOUND = 'Lead not found';
export const OWNER_GONE = 'That staff member no longer exists: choose another';

interface Actor {
  id: number;
  username: string;
}

/** Owners of leads (ADR 065): set on one lead, in bulk, and the rule for new leads. */
export function createLeadOwnerService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  audit: AuditService;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
}) {
  const { db, hub, clock, audit, notifications, log } = deps;

  /** Refuses an owner who is not a live staff account, naming the field. */
  async function assertOwners(tx: DbOrTx, ids: (number | null)[], field: string): Promise<void> {
    const wanted = ids.filter((id): id is number => id !== null);
    const live = new Set(await repo.liveUserIds(tx, wanted));
    if (wanted.some((id) => !live.has(id))) throw new AppError('VALIDATION', OWNER_GONE, { [field]: OWNER_GONE });
  }

  async function nameOf(id: number | null, handle: DbOrTx = db): Promise<string> {
    if (id === null) return 'nobody';
    const options = await repo.listOwnerOptions(handle);
    return options.find((o) => o.id === id)?.name ?? `user ${id}`;
  }

  /** The new owner hears about it, unless they assigned it to themselves. */
  async function tellNewOwner(assignedTo: number | null, actor: Actor, leadId: number, what: string) {
    if (assignedTo === null || assignedTo === actor.id) return;
    try {
      await notifications.notify(
        {
          type: 'other',
          title: `${what} assigned to you`.slice(0, 255),
          message: `${await nameOf(actor.id)} made you the owner.`,
          relatedType: 'lead',
          relatedId: leadId,
          createdBy: actor.id,
        },
        { userIds: [assignedTo] },
      );
    } catch (err) {
      log?.error({ err, leadId }, 'could not notify the new owner of a lead');
    }
  }

  const changed = (leadId: number, byUserId: number) =>
    hub.publish({ type: 'lead_updated', data: { leadId, byUserId }, audience: { kind: 'staff' } });

  return {
    options: () => repo.listOwnerOptions(db),

    async setOwner(leadId: number, input: SetLeadOwner, actor: Actor, ip: string | null) {
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const current = await repo.readOwnerOf(tx, leadId);
        if (!current) throw notFound(LEAD_NOT_FOUND);
        if (input.version !== undefined && input.version !== current.version) throw staleVersion('lead');
        if (current.assignedTo === input.assignedTo)
          return { row: current, reference: current.reference, moved: false };
        await assertOwners(tx, [input.assignedTo], 'assignedTo');
        const row = await repo.writeOwner(tx, leadId, input.assignedTo, now);
        await audit.record(
          {
            event: 'lead_owner_changed',
            userId: actor.id,
            username: actor.username.toLowerCase(),
            ipAddress: ip,
            details: `${current.reference}: ${await nameOf(current.assignedTo, tx)} → ${await nameOf(input.assignedTo, tx)}`,
            timestamp: now,
          },
          tx,
        );
        return { row, reference: current.reference, moved: true };
      });
      if (result.moved) {
        changed(leadId, actor.id);
        await tellNewOwner(input.assignedTo, actor, leadId, `Lead ${result.reference}`);
      }
      return { assignedTo: result.row.assignedTo, version: result.row.version };
    },

    async setOwners(input: BulkLeadOwner, actor: Actor, ip: string | null): Promise<number> {
      const now = clock.now();
      const moved = await db.transaction(async (tx) => {
        await assertOwners(tx, [input.assignedTo], 'assignedTo');
        const rows = await repo.writeOwners(tx, [...new Set(input.ids)], input.assignedTo, now);
        if (rows.length) {
          const refs = rows.map((r) => r.reference);
          await audit.record(
            {
              event: 'lead_owner_changed',
              userId: actor.id,
              username: actor.username.toLowerCase(),
              ipAddress: ip,
              details: `${rows.length} leads → ${await nameOf(input.assignedTo, tx)}: ${refs.slice(0, 20).join(', ')}${refs.length > 20 ? ', …' : ''}`,
              timestamp: now,
            },
            tx,
          );
        }
        return rows;
      });
      for (const row of moved) changed(row.id, actor.id);
      if (moved.length === 1) await tellNewOwner(input.assignedTo, actor, moved[0]!.id, `Lead ${moved[0]!.reference}`);
      else if (moved.length > 1 && input.assignedTo !== null && input.assignedTo !== actor.id) {
        try {
          await notifications.notify(
            {
              type: 'other',
              title: `${moved.length} leads assigned to you`,
              message: `${await nameOf(actor.id)} made you the owner of ${moved
                .map((r) => r.reference)
                .slice(0, 10)
                .join(', ')}${moved.length > 10 ? ', …' : ''}.`,
              createdBy: actor.id,
            },
            { userIds: [input.assignedTo] },
          );
        } catch (err) {
          log?.error({ err }, 'could not notify the new owner of leads');
        }
      }
      return moved.length;
    },

    async rule(): Promise<OwnerRuleResponse> {
      const { lastUserId: _last, ...rule } = await repo.readRule(db);
      return rule;
    },

    async saveRule(input: OwnerRule, actor: Actor, ip: string | null): Promise<OwnerRuleResponse> {
      const now = clock.now();
      const version = await db.transaction(async (tx) => {
        const current = await repo.readRule(tx, true);
        if (input.version !== undefined && input.version !== current.version) throw staleVersion('owner rule');
        await assertOwners(tx, input.userIds, 'userIds');
        await assertOwners(tx, [input.geralUserId], 'geralUserId');
        await assertOwners(tx, [input.comercialUserId], 'comercialUserId');
        const next = await repo.writeRule(tx, input, now);
        await audit.record(
          {
            event: 'settings_changed',
            userId: actor.id,
            username: actor.username.toLowerCase(),
            ipAddress: ip,
            details: `owner of new leads: ${input.mode}`,
            timestamp: now,
          },
          tx,
        );
        return next;
      });
      hub.publish({ type: 'settings_changed', data: {}, audience: { kind: 'staff' } });
      const { version: _v, ...rule } = input;
      return { ...rule, version };
    },
  };
}

export type LeadOwnerService = ReturnType<typeof createLeadOwnerService>;
