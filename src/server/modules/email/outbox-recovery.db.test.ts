import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { emailOutboxJob } from '#server/jobs/email-outbox.job.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { createOutboxService } from './outbox.service.ts';
import { claimDue, startAttempt } from './outbox.repository.ts';
import { INTERRUPTED, OUTBOX } from './outbox-policy.ts';
import { memorySender, movableClock, outboxTestHelpers, startOutboxApp } from './outbox.test-helpers.ts';
import pino from 'pino';

const silent = pino({ level: 'silent' });

/** Continues outbox.db.test.ts: interrupted sends, several instances, pacing and claims. */
describe('e-mail outbox: interrupted, shared and paced', () => {
  let t: TestApp;
  let cookie: string;
  const clock = movableClock('2026-06-01T10:00:00Z');
  const mail = memorySender();
  beforeAll(async () => {
    ({ t, cookie } = await startOutboxApp(clock, mail));
  });
  afterAll(() => t.close());
  const { row, delivery, sentTo, queueThrough } = outboxTestHelpers(() => ({ t, cookie, mail }));

  it('killed mid-batch: only the message in flight is uncertain; the rest of its batch leaves once (ADR 064)', async () => {
    const lead = await insertLead(t.database.db, { email: 'rui@cliente.pt' });
    await t.services.outbox.drain(); // whatever earlier tests left due
    const other = await createTestApp({ database: t.database, clock, mailSender: mail.sender, drainOnSend: false });
    const ids = await queueThrough(other, (await other.loginAs('user')).cookie, lead.id, 10, 'lote');
    // The other instance claims all ten, starts speaking SMTP for the first, and dies.
    const now = clock.now();
    const claimed = await claimDue(t.database.db, now, new Date(now.getTime() + OUTBOX.leaseMs), 100);
    expect(claimed).toHaveLength(10);
    const first = claimed[0]!;
    expect(await startAttempt(t.database.db, first.id, first.attempts, now)).toBe(true);
    await other.app.close();

    clock.advance(OUTBOX.leaseMs + 1000);
    await t.services.outbox.drain();
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, lead.id));
    const byId = new Map(rows.map((r) => [r.messageId, r]));
    expect(byId.get(first.messageId)).toMatchObject({ status: 'failed', lastError: INTERRUPTED });
    expect(sentTo(first.messageId)).toBe(0);
    const rest = ids.filter((id) => id !== first.messageId);
    expect(rest.map((id) => byId.get(id)?.status)).toEqual(rest.map(() => 'sent'));
    expect(rest.map(sentTo)).toEqual(rest.map(() => 1));
    // A claim whose lease was taken over cannot start: it never sends.
    expect(await startAttempt(t.database.db, first.id, first.attempts, clock.now())).toBe(false);
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
    for (const r of claimed) await startAttempt(t.database.db, r.id, r.attempts, now);
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
    // A pace wider than any drain's own work on a busy machine, so that 'at once' and 'waited an
    // interval' cannot be confused by a slow claim (the production pace is OUTBOX.sendIntervalMs).
    const PACE = 400;
    const paced = createOutboxService({
      db: t.database.db,
      hub: createLocalHub(),
      clock,
      sender: mail.sender,
      companyDomain: async () => 'cliente.pt',
      drainOnSend: false,
      sendIntervalMs: PACE,
    });
    const queue = (n: number) => queueThrough(a, c, lead.id, n, 'ritmo');
    const timesOf = (ids: string[]) => ids.map((id) => mail.sent.find((s) => s.mail.messageId === id)!.at);

    await paced.drain(); // whatever earlier tests left due
    const [lone] = await queue(1);
    const started = performance.now();
    await paced.drain();
    expect(timesOf([lone!])[0]! - started).toBeLessThan(PACE);

    const backlog = await queue(4);
    await paced.drain();
    const times = timesOf(backlog);
    // The pace applies to the start of each attempt; the sender records a moment later, by a varying
    // few milliseconds: each gap is near the interval and the whole backlog takes (n - 1) intervals.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(PACE / 2);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1) * PACE - 10);
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
