import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import type { TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import { deliveryReport } from './mail.test-helpers.ts';
import { GERAL, mid, PROVIDER_DAEMON, startTimelineRig, timelineTestHelpers } from './mail-timeline.test-helpers.ts';

/**
 * What received mail shows on a lead's timeline (issue 14, ADR 040): attachments listed and
 * downloadable, bounces of mail we sent marked on that e-mail, auto-replies as a quiet note.
 * Every message goes through Postfix into Dovecot and is read back by the sync.
 */
describe.skipIf(skipWithoutMailRig())('mail on the timeline: attachments, bounces', { timeout: 60_000 }, () => {
  let rig: MailRig;
  let t: TestApp;
  let user: { cookie: string; id: number };
  let admin: string;
  const { rows, sync, timeline, deliver, sendTo } = timelineTestHelpers(() => ({ rig, t, user }));

  beforeAll(async () => {
    ({ rig, t, user, admin } = await startTimelineRig());
  }, 180_000);
  afterAll(async () => {
    await t?.services.outbox.idle();
    await t?.close();
    await rig?.stop();
  });

  it('lists a received e-mail’s attachments on its entry; each downloads with the same bytes, staff only', async () => {
    const pdf = Buffer.from('%PDF-1.4 livrete de teste\n');
    const photo = randomBytes(70_000); // binary, as a photo is
    const b = 'att-boundary';
    await deliver(
      [
        'From: Duarte Sousa <duarte@cliente.test>',
        `To: ${GERAL}`,
        `Message-ID: ${mid()}`,
        'Subject: Documentos do carro',
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${b}"`,
        '',
        `--${b}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Segue o livrete e uma foto.',
        `--${b}`,
        'Content-Type: application/pdf; name="livrete.pdf"',
        'Content-Disposition: attachment; filename="livrete.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        pdf.toString('base64'),
        `--${b}`,
        'Content-Type: image/jpeg; name="frente do carro.jpg"',
        'Content-Disposition: attachment; filename="frente do carro.jpg"',
        'Content-Transfer-Encoding: base64',
        '',
        ...(photo.toString('base64').match(/.{1,76}/g) ?? []),
        `--${b}--`,
        '',
      ].join('\r\n'),
    );
    expect(await sync()).toMatchObject({ leadsCreated: 1, error: null });
    const [lead] = await rows<{ id: number }>(sql`select id from leads where email = 'duarte@cliente.test'`);
    const [entry] = await timeline(lead!.id);
    expect(entry!.emailData?.attachments).toEqual([
      { id: expect.any(Number), filename: 'livrete.pdf', contentType: 'application/pdf', size: pdf.length },
      { id: expect.any(Number), filename: 'frente do carro.jpg', contentType: 'image/jpeg', size: photo.length },
    ]);
    // Admins see the same list.
    expect((await timeline(lead!.id, admin))[0]!.emailData?.attachments).toHaveLength(2);
    for (const [file, bytes] of [
      [entry!.emailData!.attachments![0]!, pdf],
      [entry!.emailData!.attachments![1]!, photo],
    ] as const) {
      for (const cookie of [user.cookie, admin]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/mail/attachments/${file.id}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(file.contentType);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        );
        expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
      }
      const anon = await t.app.inject({ method: 'GET', url: `/api/mail/attachments/${file.id}` });
      expect(anon.statusCode).toBe(401);
      expect(anon.body).not.toContain('PDF');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/leads/${lead!.id}/timeline` })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/mail/attachments/999999',
      headers: { cookie: user.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/mail/attachments/abc',
      headers: { cookie: user.cookie },
    });
    expect(bad.statusCode).toBe(400);
    // A call entry or an e-mail without files carries no list.
    const other = await insertLead(t.database.db, { email: 'semanexos@cliente.test' });
    await t.app.inject({
      method: 'POST',
      url: `/api/leads/${other.id}/quick-contact`,
      headers: { cookie: user.cookie },
      payload: { type: 'call', notes: 'Ligou.' },
    });
    expect((await timeline(other.id))[0]!.emailData).toBeNull();
  });

  it('a bounce of an e-mail we sent marks it Bounced with the reason, tells the sender, makes no lead', async () => {
    const lead = await insertLead(t.database.db, { email: 'nobody@cliente.test', emailSource: 'geral' });
    const sent = await sendTo(lead.id);
    const leadsBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from leads`))[0]!.n;
    const dsn = mid('mx.cliente.test');
    await deliver(
      deliveryReport({
        to: GERAL,
        messageId: dsn,
        original: sent.messageId,
        recipient: 'nobody@cliente.test',
        from: PROVIDER_DAEMON,
      }),
      '',
    );
    const r = await sync();
    expect(r).toMatchObject({ leadsCreated: 0, ignored: 0, error: null });

    const entry = (await timeline(lead.id)).find((e) => e.id === sent.timelineId)!;
    expect(entry.metadata?.delivery).toEqual({
      outboxId: sent.outboxId,
      status: 'failed',
      bounced: true,
      warning: null,
      error:
        'Mailbox does not exist. The receiving server said: 550 5.1.1 <nobody@cliente.test>: Recipient address rejected: User unknown in local recipient table',
    });
    const [outbox] = await rows<{ status: string; last_error: string }>(
      sql`select status, last_error from email_outbox where id = ${sent.outboxId}`,
    );
    expect(outbox).toMatchObject({
      status: 'failed',
      last_error: expect.stringMatching(/^Mailbox does not exist\./),
    });
    const [ledger] = await rows<{ outcome: string; lead_id: number }>(
      sql`select outcome, lead_id from mail_messages where message_id = ${dsn}`,
    );
    expect(ledger).toEqual({ outcome: 'bounce_matched', lead_id: lead.id });
    // The sender is told, nobody else.
    const notes = await rows<{ user_id: number; title: string; message: string; related_id: number }>(
      sql`select user_id, title, message, related_id from notifications where title like 'Email to nobody@%'`,
    );
    expect(notes).toEqual([
      {
        user_id: user.id,
        title: 'Email to nobody@cliente.test bounced',
        message: expect.stringMatching(/^“Re: Pedido” was not delivered\. Mailbox does not exist\./),
        related_id: lead.id,
      },
    ]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from leads`))[0]!.n).toBe(leadsBefore);
    expect(r).toMatchObject({ fetched: 1 });
  });
});
