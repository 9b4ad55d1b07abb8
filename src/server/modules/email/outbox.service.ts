import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryStatus, MailboxAccount, SendEmailResult } from '#shared/schemas/email.ts';
import type { EmailData } from '#shared/schemas/timeline.ts';
import type { Db } from '#server/db/client.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { MailSender, MailSendPass } from '#server/integrations/mail-send/mail-sender.ts';
import { createLease } from '#server/lib/lease.ts';
import { setEmailDelivery } from '#server/modules/timeline/timeline.api.ts';
import * as repo from './outbox.repository.ts';
import {
  backoffAfter,
  errorText,
  INTERRUPTED,
  isPermanent,
  MESSAGE_NOT_FOUND,
  oneOffPass,
  NOT_CONNECTED,
  OUTBOX,
  RETRY_BOUNCED,
  RETRY_REFUSED,
  type QueueInput,
} from './outbox-policy.ts';

/**
 * The durable outbox: a send records the message (and its timeline entry) and returns; the sender
 * works it off with retries and backoff. At most once per message: a row is claimed before any
 * SMTP traffic and an interrupted attempt is never repeated on its own.
 */
export function createOutboxService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  sender: MailSender;
  companyDomain: () => Promise<string>;
  log?: FastifyBaseLogger;
  /** Start working a message off as soon as it is queued (default); the sender job does it otherwise. */
  drainOnSend?: boolean;
  /** The pace between two sends of one drain (ADR 044); tests widen it to tell waiting from work. */
  sendIntervalMs?: number;
}) {
  const { db, hub, clock, sender, log } = deps;
  const sendIntervalMs = deps.sendIntervalMs ?? OUTBOX.sendIntervalMs;
  let draining: Promise<number> | null = null;
  let again = false;

  const touched = (leadId: number | null) => {
    if (leadId !== null) hub.publish({ type: 'lead_updated', data: { leadId }, audience: { kind: 'staff' } });
  };

  /** The delivery state on the message's timeline entry (a finished attempt writes it itself). */
  async function mark(row: repo.OutboxRow, status: DeliveryStatus) {
    if (row.timelineId === null) return;
    await setEmailDelivery(db, row.timelineId, {
      outboxId: row.id,
      status,
      error: row.lastError,
      warning: row.warning,
    });
    touched(row.leadId);
  }

  const result = (row: repo.RecordedMessage): SendEmailResult => ({
    outboxId: row.id,
    timelineId: row.timelineId,
    messageId: row.messageId,
    status: row.status as DeliveryStatus,
    error: row.lastError,
  });

  /** One claimed message: sent, queued again with backoff, or failed for good. */
  async function attempt(row: repo.OutboxRow, pass: MailSendPass, pace: () => Promise<void>): Promise<boolean> {
    const now = () => clock.now();
    let outcome: repo.AttemptOutcome;
    try {
      const from = await pass.fromAddress(row.account as MailboxAccount);
      if (!from) throw new Error(NOT_CONNECTED(row.account as MailboxAccount));
      // Recorded before SMTP: after a crash only this row counts as maybe sent (ADR 064).
      if (!(await repo.startAttempt(db, row.id, row.attempts, now()))) {
        log?.error({ outboxId: row.id }, 'e-mail attempt lost its row before sending; not sent');
        return false;
      }
      await pace();
      const sent = await pass.send(
        {
          account: row.account as MailboxAccount,
          messageId: row.messageId,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          inReplyTo: row.inReplyTo,
          references: row.references,
        },
        from,
      );
      outcome = { status: 'sent', sentAt: now(), lastError: null, warning: sent.warning ?? null, updatedAt: now() };
    } catch (err) {
      const error = errorText(err);
      const final = isPermanent(err) || row.attempts >= OUTBOX.maxAttempts;
      // A mailbox not connected yet is a state, not a fault: no stack trace for it.
      if (error === NOT_CONNECTED(row.account as MailboxAccount))
        log?.info({ outboxId: row.id, attempt: row.attempts, final }, error);
      else log?.warn({ err, outboxId: row.id, attempt: row.attempts, final }, 'e-mail attempt failed');
      outcome = final
        ? { status: 'failed', lastError: error, updatedAt: now() }
        : {
            status: 'queued',
            lastError: error,
            nextAttemptAt: new Date(now().getTime() + backoffAfter(row.attempts)),
            updatedAt: now(),
          };
    }
    const done = await repo.finishAttempt(db, row.id, row.attempts, outcome);
    if (!done) {
      log?.error({ outboxId: row.id }, 'e-mail attempt finished after its lease was taken over');
      return false;
    }
    if (done.timelineId !== null) touched(done.leadId);
    return done.status === 'sent';
  }

  /** Opens a pass: the sender's connections are reused for its messages (one-off sends without). */
  const openPass = (): MailSendPass => sender.openPass?.() ?? oneOffPass(sender);

  async function drainLoop(signal?: AbortSignal): Promise<number> {
    let sent = 0;
    for (const row of await repo.closeAbandoned(db, clock.now(), INTERRUPTED)) {
      log?.error({ outboxId: row.id }, 'e-mail attempt interrupted; left failed so it is never sent twice');
      await mark(row, 'failed');
    }
    // Each claimed row is leased to this drain (ADR 070); its attempt's outcome ends the lease.
    const lease = createLease(repo.dueMessagesLease(db, OUTBOX.batch), { clock, ms: OUTBOX.leaseMs });
    let pass = openPass();
    let passStarted = Date.now();
    let lastSentAt = -Infinity;
    try {
      for (;;) {
        if (signal?.aborted) break;
        const batch = await lease.claim();
        if (batch.length === 0) break;
        for (const row of batch) {
          // Not cut short by the signal: a claimed message is attempted, never left claimed. The
          // pace applies to the moment SMTP starts, after the attempt is recorded (ADR 044, 064).
          const pace = async () => {
            const wait = lastSentAt + sendIntervalMs - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            lastSentAt = performance.now();
          };
          if (await attempt(row, pass, pace)) sent++;
        }
        // A long pass starts over with fresh connections (and a fresh look at the mailboxes).
        if (Date.now() - passStarted > OUTBOX.passMs) {
          await pass.close();
          pass = openPass();
          passStarted = Date.now();
        }
      }
    } finally {
      await pass.close().catch((err: unknown) => log?.warn({ err }, 'closing the e-mail connections failed'));
    }
    return sent;
  }

  const service = {
    /**
     * Records a message and its timeline entry in one transaction and returns at once; the same
     * idempotency key answers the message already recorded. A drain starts in the background.
     */
    async enqueue(input: QueueInput): Promise<SendEmailResult> {
      const domain = input.from?.split('@')[1]?.trim() || (await deps.companyDomain());
      const messageId = `<${randomUUID()}@${domain}>`;
      const now = clock.now();
      const values = {
        idempotencyKey: input.idempotencyKey,
        messageId,
        account: input.account,
        purpose: input.purpose,
        leadId: input.leadId,
        toAddress: input.to,
        subject: input.subject,
        textBody: input.text,
        htmlBody: input.html,
        inReplyTo: input.inReplyTo,
        references: input.references,
        createdBy: input.createdBy,
      };
      // One statement: the message, its timeline entry and the lead's last interaction (ADR 027).
      const inserted =
        input.leadId !== null && input.timeline
          ? await repo.insertMessageWithEntry(
              db,
              { ...values, now },
              {
                leadId: input.leadId,
                title: input.timeline.title ?? input.subject,
                emailData: {
                  from: input.timeline.from,
                  to: input.to,
                  subject: input.subject,
                  body: input.timeline.body,
                  isOutgoing: true,
                } satisfies EmailData,
                createdBy: input.createdBy,
              },
            )
          : await repo.insertMessage(db, { ...values, nextAttemptAt: now, createdAt: now, updatedAt: now });
      // The same idempotency key: the message already recorded (a double click, a retried request).
      const answer = inserted ?? (await repo.findByKey(db, input.idempotencyKey));
      if (!answer) throw new Error('outbox row vanished');
      if (inserted) {
        touched(input.leadId);
        if (deps.drainOnSend !== false) service.kick();
      }
      return result(answer);
    },

    /** Works off every due message (the sender job, and a kick after each send); returns how many left. */
    drain(signal?: AbortSignal): Promise<number> {
      if (draining) {
        again = true;
        return draining;
      }
      const run = async () => {
        let total = 0;
        do {
          again = false;
          total += await drainLoop(signal);
        } while (again && !signal?.aborted);
        return total;
      };
      draining = run().finally(() => {
        draining = null;
      });
      return draining;
    },

    /** Starts a drain without waiting (after a send): the call that queued returns at once. */
    kick(): void {
      void service.drain().catch((err: unknown) => log?.error({ err }, 'e-mail drain failed'));
    },

    async status(id: number): Promise<SendEmailResult> {
      const row = await repo.findMessage(db, id);
      if (!row) throw notFound(MESSAGE_NOT_FOUND);
      return result(row);
    },

    /**
     * Staff's Retry on a failed message: queued again with a full set of attempts. A bounced one is
     * refused (ADR 040): the same message to the same address would bounce again.
     */
    async retry(id: number): Promise<SendEmailResult> {
      const row = await repo.requeue(db, id, clock.now());
      if (!row) {
        const found = await repo.findMessage(db, id);
        if (!found) throw notFound(MESSAGE_NOT_FOUND);
        throw conflict(repo.isBounced(found) ? RETRY_BOUNCED : RETRY_REFUSED);
      }
      await mark(row, 'queued');
      service.kick();
      return result(row);
    },

    /** Lets in-flight work finish (tests and shutdown). */
    async idle(): Promise<void> {
      while (draining) await draining.catch(() => undefined);
    },
  };
  return service;
}

export type OutboxService = ReturnType<typeof createOutboxService>;
