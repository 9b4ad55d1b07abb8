import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { leadTimeline, leads } from '#server/db/schema/leads.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { emailOutboxJob } from '#server/jobs/email-outbox.job.ts';
import type { Clock } from '#server/lib/clock.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { claimDue } from './outbox.repository.ts';
import { markBounced } from './bounce.service.ts';
import { INTERRUPTED, OUTBOX, RETRY_BOUNCED, backoffAfter } from './outbox.service.ts';
import { markMailboxConnected, memorySender } from './outbox.test-helpers.ts';
import pino from 'pino';

const silent = pino({ level: 'silent' });

/** A clock the test moves. */
function movableClock(iso: string): Clock & { advance(ms: number): void } {
  let now = new Date(iso).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('e-mail outbox: never lost, never twice', () => {
  let t: TestApp;
  let cookie: string;
  const clock = movableClock('2026-06-01T10:00:00Z');
  const mail = memorySender();

  beforeAll(async () => {
    t = await createTestApp({ clock, mailSender: mail.sender });
    await markMailboxConnected(t.database.db, 'geral', 'geral@empresa.pt');
    cookie = (await t.loginAs('user')).cookie;
  });
  afterAll(() => t.close());

  const send = (leadId: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/leads/${leadId}/send-email`, payload, headers: { cookie } });
  const row = async (id: number) => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
  const delivery = async (timelineId: number) =>
    (
      (await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.id, timelineId)))[0]!.metadata as {
        delivery: { status: string; error?: string };
      }
    ).delivery;
  const sentTo = (messageId: string) => mail.sent.filter((s) => s.mail.messageId === messageId).length;
  /** Queues `n` messages to a lead through another app instance's send call; their Message-IDs. */
  const queueThrough = async (app: TestApp, cookieOf: string, leadId: number, n: number, body: string) => {
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
  };

  it('the call queues and answers at once; the message leaves once and the timeline shows sent', async () => {
    // A lead written to a day before this send (the test clock stands in the past).
    const dayBefore = new Date(clock.now().getTime() - 86_400_000);
    const lead = await insertLead(t.database.db, {
      email: 'ana@cliente.pt',
      createdAt: dayBefore,
      lastInteractionAt: dayBefore,
    });
    const res = await send(lead.id, { subject: 'Olá', body: 'Corpo', idempotencyKey: 'key-one-00001' });
    expect(res.statusCode).toBe(202);
    const body = res.json<{ outboxId: number; timelineId: number; messageId: string; status: string }>();
    expect(body.status).toBe('queued');
    expect(body.messageId).toMatch(/^<[0-9a-f-]{36}@empresa\.pt>$/);
    // One statement wrote the message, its timeline entry (pointing at each other) and the lead.
    const [entry] = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.id, body.timelineId));
    expect(entry).toMatchObject({
      leadId: lead.id,
      type: 'email',
      title: 'Olá',
      messageId: body.messageId,
      createdAt: clock.now(),
      emailData: { from: 'geral@empresa.pt', to: 'ana@cliente.pt', subject: 'Olá', isOutgoing: true },
      metadata: { delivery: { outboxId: body.outboxId } },
    });
    expect((await row(body.outboxId)).timelineId).toBe(body.timelineId);
    const [touched] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(touched!.lastInteractionAt).toEqual(clock.now());
    await t.services.outbox.idle();
    expect(sentTo(body.messageId)).toBe(1);
    expect((await row(body.outboxId)).status).toBe('sent');
    expect(await delivery(body.timelineId)).toMatchObject({ status: 'sent' });

    // The same form sent again (a double click, a retried request): the same message, not a second.
    const again = await send(lead.id, { subject: 'Olá', body: 'Corpo', idempotencyKey: 'key-one-00001' });
    expect(again.json().outboxId).toBe(body.outboxId);
    await t.services.outbox.idle();
    expect(sentTo(body.messageId)).toBe(1);
  });

  it('SMTP down: stays queued with the reason, retried after the backoff, delivered exactly once', async () => {
    const lead = await insertLead(t.database.db, { email: 'bruno@cliente.pt' });
    mail.state.down = 'connect ECONNREFUSED 127.0.0.1:25';
    const res = await send(lead.id, { body: 'Enquanto o servidor está em baixo' });
    const { outboxId, timelineId, messageId } = res.json<{ outboxId: number; timelineId: number; messageId: string }>();
    await t.services.outbox.idle();
    const waiting = await row(outboxId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(waiting.nextAttemptAt.getTime()).toBe(clock.now().getTime() + backoffAfter(1));
    expect(await delivery(timelineId)).toMatchObject({ status: 'queued', error: 'connect ECONNREFUSED 127.0.0.1:25' });

    // Not due yet: nothing happens.
    await t.services.outbox.drain();
    expect((await row(outboxId)).attempts).toBe(1);

    mail.state.down = null;
    clock.advance(backoffAfter(1));
    const runner = createJobRunner({
      db: t.database.db,
      jobs: [emailOutboxJob(t.services.outbox)],
      log: silent,
      clock,
    });
    const outcome = await runner.runNow('email-outbox');
    expect(outcome).toMatchObject({ status: 'succeeded', details: { sent: 1 } });
    expect(sentTo(messageId)).toBe(1);
    expect(await delivery(timelineId)).toMatchObject({ status: 'sent' });
    await runner.runNow('email-outbox');
    expect(sentTo(messageId)).toBe(1);
  });

  it('a permanent refusal (5xx) fails at once with the reason; Retry sends it', async () => {
    const lead = await insertLead(t.database.db, { email: 'carla@cliente.pt' });
    mail.state.down = '550 5.1.1 Mailbox unknown';
    mail.state.permanent = true;
    const { outboxId, timelineId, messageId } = (await send(lead.id, { body: 'x' })).json<{
      outboxId: number;
      timelineId: number;
      messageId: string;
    }>();
    await t.services.outbox.idle();
    expect(await row(outboxId)).toMatchObject({ status: 'failed', lastError: '550 5.1.1 Mailbox unknown' });
    expect(await delivery(timelineId)).toMatchObject({ status: 'failed', error: '550 5.1.1 Mailbox unknown' });
    mail.state.down = null;
    mail.state.permanent = false;
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/email-outbox/${outboxId}/retry`,
      headers: { cookie },
    });
    expect(retry.statusCode).toBe(202);
    await t.services.outbox.idle();
    expect(sentTo(messageId)).toBe(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/email-outbox/${outboxId}/retry`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a bounced e-mail is not retried by the API: 409 with the reason, nothing changed (ADR 040)', async () => {
    const lead = await insertLead(t.database.db, { email: 'erro@cliente.pt' });
    const { outboxId, timelineId, messageId } = (await send(lead.id, { body: 'x' })).json<{
      outboxId: number;
      timelineId: number;
      messageId: string;
    }>();
    await t.services.outbox.idle();
    expect(sentTo(messageId)).toBe(1);
    const bounced = await markBounced(t.database.db, {
      messageIds: [messageId],
      reason: 'Mailbox does not exist',
      at: clock.now(),
    });
    expect(bounced).toMatchObject({ outboxId, timelineId });
    const before = await row(outboxId);
    expect(before).toMatchObject({ status: 'failed', lastError: 'Mailbox does not exist' });
    const deliveryBefore = await delivery(timelineId);
    expect(deliveryBefore).toMatchObject({ status: 'failed', bounced: true });

    clock.advance(1000);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/email-outbox/${outboxId}/retry`,
      headers: { cookie },
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ code: 'CONFLICT', message: RETRY_BOUNCED });
    await t.services.outbox.drain();
    expect(await row(outboxId)).toEqual(before);
    expect(await delivery(timelineId)).toEqual(deliveryBefore);
    expect(sentTo(messageId)).toBe(1);

    // A message that failed before leaving still retries (and then leaves once).
    mail.state.down = '550 5.1.1 Mailbox unknown';
    mail.state.permanent = true;
    const failed = (await send(lead.id, { body: 'y' })).json<{ outboxId: number; messageId: string }>();
    await t.services.outbox.idle();
    mail.state.down = null;
    mail.state.permanent = false;
    expect(await row(failed.outboxId)).toMatchObject({ status: 'failed', sentAt: null });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/email-outbox/${failed.outboxId}/retry`,
      headers: { cookie },
    });
    expect(ok.statusCode).toBe(202);
    await t.services.outbox.idle();
    expect(await row(failed.outboxId)).toMatchObject({ status: 'sent' });
    expect(sentTo(failed.messageId)).toBe(1);
  });

  it('gives up after the last attempt', async () => {
    const lead = await insertLead(t.database.db, { email: 'dina@cliente.pt' });
    mail.state.down = 'timeout';
    const { outboxId } = (await send(lead.id, { body: 'x' })).json<{ outboxId: number }>();
    await t.services.outbox.idle();
    for (let i = 1; i < OUTBOX.maxAttempts; i++) {
      clock.advance(backoffAfter(i));
      await t.services.outbox.drain();
    }
    expect(await row(outboxId)).toMatchObject({ status: 'failed', attempts: OUTBOX.maxAttempts, lastError: 'timeout' });
    mail.state.down = null;
  });

  it('killed mid-send: the attempt is never repeated on its own; it shows failed with the reason', async () => {
    const lead = await insertLead(t.database.db, { email: 'eva@cliente.pt' });
    const other = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const otherCookie = (await other.loginAs('user')).cookie;
    const { outboxId, timelineId, messageId } = (
      await other.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/send-email`,
        payload: { body: 'x' },
        headers: { cookie: otherCookie },
      })
    ).json<{ outboxId: number; timelineId: number; messageId: string }>();
    // The other instance claims it and dies before recording the outcome.
    const now = clock.now();
    const claimed = await claimDue(t.database.db, now, new Date(now.getTime() + OUTBOX.leaseMs), 100);
    expect(claimed.map((r) => r.id)).toContain(outboxId);
    await other.app.close();

    await t.services.outbox.drain();
    expect((await row(outboxId)).status).toBe('sending'); // its lease still holds
    clock.advance(OUTBOX.leaseMs + 1000);
    await t.services.outbox.drain();
    expect(await row(outboxId)).toMatchObject({ status: 'failed', lastError: INTERRUPTED });
    expect(await delivery(timelineId)).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(sentTo(messageId)).toBe(0);
  });

  it('killed between queueing and sending: delivered exactly once after restart', async () => {
    const lead = await insertLead(t.database.db, { email: 'fabio@cliente.pt' });
    const before = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const c = (await before.loginAs('user')).cookie;
    const { messageId } = (
      await before.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/send-email`,
        payload: { body: 'x' },
        headers: { cookie: c },
      })
    ).json<{ messageId: string }>();
    await before.app.close();
    expect(sentTo(messageId)).toBe(0);
    const after = await createTestApp({ database: t.database, clock, mailSender: mail.sender });
    const runner = createJobRunner({
      db: t.database.db,
      jobs: [emailOutboxJob(after.services.outbox)],
      log: silent,
      clock,
    });
    clock.advance(60_000);
    await runner.runNow('email-outbox');
    await after.services.outbox.idle();
    expect(sentTo(messageId)).toBe(1);
    await after.app.close();
  });

  it('two instances working one queue send each message once', async () => {
    const lead = await insertLead(t.database.db, { email: 'gil@cliente.pt' });
    const a = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const b = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const c = (await a.loginAs('user')).cookie;
    const ids = await queueThrough(a, c, lead.id, 30, 'n.º');
    mail.state.delayMs = 5;
    await Promise.all([a.services.outbox.drain(), b.services.outbox.drain(), t.services.outbox.drain()]);
    mail.state.delayMs = 0;
    expect(ids.map(sentTo)).toEqual(ids.map(() => 1));
    await a.app.close();
    await b.app.close();
  });

  it('a backlog leaves at most one message per interval; a lone message at once (ADR 044)', async () => {
    const lead = await insertLead(t.database.db, { email: 'ines@cliente.pt' });
    const a = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const c = (await a.loginAs('user')).cookie;
    const queue = (n: number) => queueThrough(a, c, lead.id, n, 'ritmo');
    const timesOf = (ids: string[]) => ids.map((id) => mail.sent.find((s) => s.mail.messageId === id)!.at);

    await a.services.outbox.drain(); // whatever earlier tests left due
    const [lone] = await queue(1);
    const started = performance.now();
    await a.services.outbox.drain();
    expect(timesOf([lone!])[0]! - started).toBeLessThan(OUTBOX.sendIntervalMs);

    const backlog = await queue(6);
    await a.services.outbox.drain();
    const times = timesOf(backlog);
    // The pace applies to the start of each attempt; the sender records a moment later, by a varying
    // few milliseconds: each gap is near the interval and the whole backlog takes (n - 1) intervals.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(OUTBOX.sendIntervalMs / 2);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1) * OUTBOX.sendIntervalMs - 10);
    await a.app.close();
  });

  it('a claim takes one batch however long the backlog (the due rows are picked once)', async () => {
    const lead = await insertLead(t.database.db, { email: 'hugo@cliente.pt' });
    const a = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const c = (await a.loginAs('user')).cookie;
    await queueThrough(a, c, lead.id, 120, 'backlog');
    // The planner's estimates for a freshly filled table are stale (PGlite never auto-analyses):
    // the claim must still lock and take exactly its batch, oldest first.
    const now = clock.now();
    const claimed = await claimDue(t.database.db, now, new Date(now.getTime() + OUTBOX.leaseMs), 7);
    expect(claimed).toHaveLength(7);
    expect(claimed.every((r) => r.status === 'sending' && r.attempts === 1)).toBe(true);
    const sending = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sending'));
    expect(sending.map((r) => r.id).sort((x, y) => x - y)).toEqual(claimed.map((r) => r.id).sort((x, y) => x - y));
    const queuedIds = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'queued'))).map(
      (r) => r.id,
    );
    expect(Math.max(...claimed.map((r) => r.id))).toBeLessThan(Math.min(...queuedIds));
    // The rest leaves too, each once.
    await t.database.db
      .update(emailOutbox)
      .set({ status: 'queued', attempts: 0 })
      .where(eq(emailOutbox.status, 'sending'));
    await a.services.outbox.drain();
    const left = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, lead.id));
    expect(left.filter((r) => r.status === 'sent')).toHaveLength(120);
    await a.app.close();
  });
});
