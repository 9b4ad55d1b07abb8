import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MailboxAccount } from '#shared/schemas/email.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { mailboxConnections } from '#server/db/schema/messaging.ts';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { leadTimeline } from '#server/db/schema/leads.ts';
import type { Clock } from '#server/lib/clock.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { MailSender, OutgoingMail, SentResult } from '#server/integrations/mail-send/mail-sender.ts';

/**
 * A mail sender for the outbox's own rules (claims, retries, fencing): it records what it was asked
 * to send and can be switched down. The real adapter is tested against the mail rig.
 */
export function memorySender(addresses: { geral?: string; comercial?: string } = { geral: 'geral@empresa.pt' }) {
  const sent: { mail: OutgoingMail; from: string; at: number }[] = [];
  const state = { down: null as string | null, delayMs: 0, permanent: false };
  const sender: MailSender = {
    fromAddress: (account) => Promise.resolve(addresses[account] ?? null),
    async send(mail, from): Promise<SentResult> {
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.down) {
        const err = new Error(state.down) as Error & { responseCode?: number };
        if (state.permanent) err.responseCode = 550;
        throw err;
      }
      sent.push({ mail, from, at: performance.now() });
      return { sentCopy: 'appended' };
    },
  };
  return { sender, sent, state };
}

/**
 * A mailbox row that counts as able to send (the send call reads the mailboxes' state with the lead;
 * the memory sender stands for the server behind it). Its secret is not a real one.
 */
export async function markMailboxConnected(db: DbOrTx, account: MailboxAccount, address: string): Promise<void> {
  await db
    .insert(mailboxConnections)
    .values({
      account,
      provider: 'imap',
      address,
      config: {
        imap: { host: '127.0.0.1', port: 1, security: 'none' },
        smtp: { host: '127.0.0.1', port: 1, security: 'none' },
      },
      secretEncrypted: 'not-a-real-secret',
      status: 'connected',
    })
    .onConflictDoUpdate({ target: mailboxConnections.account, set: { address, status: 'connected' } });
}

/** A clock the test moves. */
export function movableClock(iso: string): Clock & { advance(ms: number): void } {
  let now = new Date(iso).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

/** The app of the outbox tests (outbox*.db.test.ts): the memory sender, Geral connected, a user's cookie. */
export async function startOutboxApp(clock: Clock, mail: ReturnType<typeof memorySender>) {
  const t = await createTestApp({ clock, mailSender: mail.sender });
  await markMailboxConnected(t.database.db, 'geral', 'geral@empresa.pt');
  const cookie = (await t.loginAs('user')).cookie;
  return { t, cookie };
}

/** What the outbox tests repeat, read from the setup when called. */
export function outboxTestHelpers(setup: () => { t: TestApp; cookie: string; mail: ReturnType<typeof memorySender> }) {
  return {
    send: (leadId: number, payload: object) =>
      setup().t.app.inject({
        method: 'POST',
        url: `/api/leads/${leadId}/send-email`,
        payload,
        headers: { cookie: setup().cookie },
      }),
    row: async (id: number) =>
      (await setup().t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!,
    delivery: async (timelineId: number) =>
      (
        (await setup().t.database.db.select().from(leadTimeline).where(eq(leadTimeline.id, timelineId)))[0]!
          .metadata as { delivery: { status: string; error?: string } }
      ).delivery,
    sentTo: (messageId: string) => setup().mail.sent.filter((s) => s.mail.messageId === messageId).length,
    /** Queues `n` messages to a lead through another app instance's send call; their Message-IDs. */
    queueThrough: async (app: TestApp, cookieOf: string, leadId: number, n: number, body: string) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await app.app.inject({
          method: 'POST',
          url: `/api/leads/${leadId}/send-email`,
          payload: { body: `${body} ${i}` },
          headers: { cookie: cookieOf },
        });
        expect(res.statusCode).toBe(202);
        ids.push(res.json<{ messageId: string }>().messageId);
      }
      return ids;
    },
  };
}
