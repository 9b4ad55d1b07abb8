/**
 * Who is told what after a mailbox run (ADR 025, 064): admins once when a mailbox stops syncing or
 * messages could not be imported, a lead's owner when its customer replies, staff of new leads,
 * and the sender of an e-mail that bounced. A notice that cannot be written is logged, never fatal.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { whoIsNotifiedAboutLead } from '#server/modules/leads/leads.api.ts';
import { listAdminIds } from '#server/modules/users/users.api.ts';
import { LEAD_STATUS_LABELS } from '#shared/leads/status.ts';
import { MAIL_ACCOUNT_LABELS, type MailAccount } from '#shared/schemas/mailboxes.ts';
import type { MailFailure } from './mail-ports.ts';
import type { SyncCounts } from './mail-sync.ts';
import * as repo from './mailboxes.repository.ts';
import { failureNotice } from './sync-health.ts';

export interface MailboxAlertsDeps {
  db: Db;
  hub: EventHub;
  clock: Clock;
  notifications: NotificationsService;
  /** Minutes between two polls: a mailbox failing for two of them is reported. */
  pollMinutes: number;
  log?: FastifyBaseLogger;
}

export function createMailboxAlerts(deps: MailboxAlertsDeps) {
  const { db, hub, clock, notifications, log } = deps;
  const pollEveryMs = deps.pollMinutes * 60_000;

  /** One notice, logged instead of thrown when it cannot be written. */
  async function tell(what: string, ctx: object, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (err) {
      log?.error({ err, ...ctx }, what);
    }
  }

  const tellAdmins = async (notice: { title: string; message: string }) =>
    notifications.notify(
      { type: 'other', ...notice, relatedType: 'mailbox', relatedId: null },
      { userIds: await listAdminIds(db) },
    );

  return {
    /**
     * Records a failed run or test; admins are told once, when the mailbox must be reconnected or
     * has failed for two polls in a row.
     */
    async recordFailure(account: MailAccount, failure: MailFailure): Promise<void> {
      const now = clock.now();
      const row = await repo.findMailbox(db, account);
      if (!row) return;
      const failingSince = row.failingSince ?? now;
      const stoppedLongEnough = now.getTime() - failingSince.getTime() >= 2 * pollEveryMs;
      const notify = !row.failureNotifiedAt && (failure.needsReconnect || stoppedLongEnough);
      await repo.updateMailbox(db, account, {
        lastSyncAt: now,
        lastError: failure.message,
        failingSince,
        ...(failure.needsReconnect ? { status: 'needs_reconnect' } : {}),
        ...(notify ? { failureNotifiedAt: now } : {}),
      });
      if (notify) {
        const title = `${MAIL_ACCOUNT_LABELS[account]} mailbox stopped syncing`;
        await tell('could not notify admins about a mailbox', { account }, () =>
          tellAdmins({ title, message: failure.message }),
        );
      }
      hub.publish({ type: 'mailbox_status', data: { account }, audience: { kind: 'staff' } });
    },

    /** Tells who should know about what a run imported (after its transactions committed). */
    async announce(counts: SyncCounts, account: MailAccount): Promise<void> {
      // A customer's e-mail on a known lead: its owner is told, or all staff when it has none
      // (docs/rulings.md ruling 21).
      for (const r of counts.replies) {
        const who = r.name || r.reference;
        const subject = `“${r.subject || '(no subject)'}”.`;
        await tell('could not notify staff of a customer reply', { leadId: r.leadId }, async () =>
          notifications.notify(
            {
              type: 'other',
              title: `${who} replied (${r.reference})`.slice(0, 255),
              message: (r.movedFrom
                ? `${subject} The lead moved from ${LEAD_STATUS_LABELS[r.movedFrom]} to Waiting for Us.`
                : subject
              ).slice(0, 2000),
              relatedType: 'lead',
              relatedId: r.leadId,
            },
            await whoIsNotifiedAboutLead(db, r.leadId),
          ),
        );
        hub.publish({ type: 'lead_updated', data: { leadId: r.leadId }, audience: { kind: 'staff' } });
      }
      for (const lead of counts.newLeads) {
        await tell('could not notify staff of a new lead from e-mail', { leadId: lead.leadId }, () =>
          notifications.notify({
            type: 'new_lead',
            title: `New lead ${lead.reference}`,
            message: `A new lead arrived by e-mail in the ${MAIL_ACCOUNT_LABELS[account]} mailbox.`,
            relatedType: 'lead',
            relatedId: lead.leadId,
          }),
        );
        hub.publish({ type: 'lead_created', data: { leadId: lead.leadId }, audience: { kind: 'staff' } });
      }
      // A sent e-mail came back: its sender is told (everyone on staff when the product sent it).
      for (const b of counts.bounces) {
        await tell('could not notify the sender of a bounced e-mail', { outboxId: b.outboxId }, () =>
          notifications.notify(
            {
              type: 'other',
              title: `Email to ${b.to} bounced`.slice(0, 255),
              message: `“${b.subject || '(no subject)'}” was not delivered. ${b.reason}`.slice(0, 2000),
              relatedType: b.leadId !== null ? 'lead' : null,
              relatedId: b.leadId,
            },
            b.sentBy !== null ? { userIds: [b.sentBy] } : {},
          ),
        );
      }
      // Messages this run could not import: admins are told once (the ledger never offers them again).
      const notice = failureNotice(MAIL_ACCOUNT_LABELS[account], counts.failures);
      if (notice) await tell('could not tell admins of messages not imported', { account }, () => tellAdmins(notice));
      for (const leadId of new Set(counts.touchedLeads)) {
        hub.publish({ type: 'lead_updated', data: { leadId }, audience: { kind: 'staff' } });
      }
    },
  };
}

export type MailboxAlerts = ReturnType<typeof createMailboxAlerts>;
