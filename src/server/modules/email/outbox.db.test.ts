import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadTimeline, leads } from '#server/db/schema/leads.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { emailOutboxJob } from '#server/jobs/email-outbox.job.ts';
import { insertLead } from '#test/factories.ts';
import { type TestApp } from '#test/test-app.ts';
import { markBounced } from './bounce.service.ts';
import { OUTBOX, RETRY_BOUNCED, backoffAfter } from './outbox-policy.ts';
import { memorySender, movableClock, outboxTestHelpers, startOutboxApp } from './outbox.test-helpers.ts';
import pino from 'pino';

const silent = pino({ level: 'silent' });

describe('e-mail outbox: never lost, never twice', () => {
  let t: TestApp;
  let cookie: string;
  const clock = movableClock('2026-06-01T10:00:00Z');
  const mail = memorySender();
  beforeAll(async () => {
    ({ t, cookie } = await startOutboxApp(clock, mail));
  });
  afterAll(() => t.close());
  const { send, row, delivery, sentTo } = outboxTestHelpers(() => ({ t, cookie, mail }));

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
    // A bounce in the other mailbox does not touch it: bounces return to the address that sent.
    expect(
      await markBounced(t.database.db, {
        account: 'comercial',
        messageIds: [messageId],
        reason: 'x',
        at: clock.now(),
      }),
    ).toBeNull();
    const bounced = await markBounced(t.database.db, {
      account: 'geral',
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
});
