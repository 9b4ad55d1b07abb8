import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { skipWithoutMailRig, startMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import { deliveryReport } from './mail.test-helpers.ts';

const GERAL = 'geral@example.test';
let seq = 0;
const mid = (host = 'cliente.test') => `<m${Date.now()}.${++seq}.${randomBytes(3).toString('hex')}@${host}>`;

/**
 * What received mail shows on a lead's timeline (issue 14, ADR 040): attachments listed and
 * downloadable, bounces of mail we sent marked on that e-mail, auto-replies as a quiet note.
 * Every message goes through Postfix into Dovecot and is read back by the sync.
 */
describe.skipIf(skipWithoutMailRig())(
  'mail on the timeline: attachments, bounces, auto-replies',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let user: { cookie: string; id: number };
    let admin: string;

    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const sync = () => t.services.mailboxes.syncMailbox('geral');
    const timeline = async (leadId: number, cookie = user.cookie) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/leads/${leadId}/timeline`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json<TimelineEntry[]>();
    };
    const deliver = async (raw: string, envelopeFrom?: string) => {
      await rig.deliver(raw, envelopeFrom === undefined ? {} : { envelopeFrom });
      await rig.waitForMessage(GERAL, /^Message-ID: (<[^>]+>)/m.exec(raw)![1]!);
    };
    const plain = (h: Record<string, string>, body: string) =>
      `${Object.entries({
        To: GERAL,
        'Message-ID': mid(),
        Date: new Date().toUTCString(),
        'MIME-Version': '1.0',
        'Content-Type': 'text/plain; charset=utf-8',
        ...h,
      })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n${body}\r\n`;
    /** A staff reply to the lead, sent by the outbox through the rig; answers its Message-ID and entry. */
    const sendTo = async (leadId: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${leadId}/send-email`,
        headers: { cookie: user.cookie },
        payload: { subject: 'Re: Pedido', body: 'Olá, segue a proposta.', includeSignature: false },
      });
      expect(res.statusCode).toBe(202);
      await t.services.outbox.idle();
      const sent = res.json<{ messageId: string; timelineId: number; outboxId: number }>();
      const [row] = await rows<{ status: string }>(sql`select status from email_outbox where id = ${sent.outboxId}`);
      expect(row!.status).toBe('sent');
      return sent;
    };

    beforeAll(async () => {
      rig = await startMailRig();
      t = await createTestApp({ mail: defaultMailSettings({}) });
      const u = await t.loginAs('user');
      user = { cookie: u.cookie, id: u.user.id };
      admin = (await t.loginAs('admin')).cookie;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gmail/connect/geral',
        headers: { cookie: admin },
        payload: {
          address: GERAL,
          imap: { host: rig.host, port: rig.ports.imap, security: 'none' },
          smtp: { host: rig.host, port: rig.ports.submission, security: 'none' },
          username: GERAL,
          password: rig.users.get(GERAL),
        },
      });
      if (res.statusCode !== 200) throw new Error(`connect geral: ${res.statusCode} ${res.body}`);
    });
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
        deliveryReport({ to: GERAL, messageId: dsn, original: sent.messageId, recipient: 'nobody@cliente.test' }),
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

    it('a delay notice, and a bounce of mail we never sent, stay ignored and change nothing', async () => {
      const lead = await insertLead(t.database.db, { email: 'slow@cliente.test', emailSource: 'geral' });
      const sent = await sendTo(lead.id);
      const delay = mid('mx.cliente.test');
      const stranger = mid('mx.cliente.test');
      await deliver(
        deliveryReport({
          to: GERAL,
          messageId: delay,
          original: sent.messageId,
          recipient: 'slow@cliente.test',
          action: 'delayed',
          status: '4.4.1',
          diagnostic: 'connect to mx.cliente.test: Connection timed out',
        }),
        '',
      );
      await deliver(
        deliveryReport({
          to: GERAL,
          messageId: stranger,
          original: '<not-ours@elsewhere.test>',
          recipient: 'x@y.test',
        }),
        '',
      );
      expect(await sync()).toMatchObject({ ignored: 2, leadsCreated: 0 });
      const [row] = await rows<{ status: string }>(sql`select status from email_outbox where id = ${sent.outboxId}`);
      expect(row!.status).toBe('sent');
      const outcomes = await rows<{ outcome: string }>(
        sql`select outcome from mail_messages where message_id in (${delay}, ${stranger})`,
      );
      expect(outcomes.map((o) => o.outcome)).toEqual(['ignored_bounce', 'ignored_bounce']);
      const entry = (await timeline(lead.id)).find((e) => e.id === sent.timelineId)!;
      expect(entry.metadata?.delivery?.status).toBe('sent');
    });

    it('an auto-reply on a known conversation is a quiet note: no lead, lastInteractionAt unchanged, not replied under', async () => {
      const lead = await insertLead(t.database.db, { email: 'ferias@cliente.test', emailSource: 'geral' });
      const sent = await sendTo(lead.id);
      const before = (
        await rows<{ at: Date }>(sql`select last_interaction_at as at from leads where id = ${lead.id}`)
      )[0]!.at;
      const leadsBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from leads`))[0]!.n;
      const auto = mid();
      await deliver(
        plain(
          {
            'Message-ID': auto,
            From: 'Sofia <ferias@cliente.test>',
            Subject: 'Ausente: Re: Pedido',
            'Auto-Submitted': 'auto-replied',
            'In-Reply-To': sent.messageId,
            References: sent.messageId,
            Date: new Date(Date.now() + 60_000).toUTCString(),
          },
          'Estou fora do escritório até 3 de dezembro. Para assuntos urgentes ligue 210 000 000.',
        ),
      );
      // An out-of-office from someone we do not know stays ignored (no lead, no note).
      await deliver(
        plain({ From: 'Tiago <tiago@desconhecido.test>', Subject: 'Out of office', 'X-Autoreply': 'yes' }, 'Away.'),
      );
      expect(await sync()).toMatchObject({ leadsCreated: 0, addedToTimeline: 1, ignored: 1 });

      const note = (await timeline(lead.id)).find((e) => e.metadata?.event === 'auto_reply')!;
      expect(note).toMatchObject({
        type: 'email',
        kind: 'email_received',
        title: 'Auto-reply',
        description: 'Estou fora do escritório até 3 de dezembro. Para assuntos urgentes ligue 210 000 000.',
        editable: false,
      });
      expect(note.emailData).toMatchObject({ from: 'Sofia <ferias@cliente.test>', subject: 'Ausente: Re: Pedido' });
      const after = (
        await rows<{ at: Date }>(sql`select last_interaction_at as at from leads where id = ${lead.id}`)
      )[0]!.at;
      expect(new Date(after).getTime()).toBe(new Date(before).getTime());
      // Nor when lastInteractionAt is computed again from the timeline (a call logged, then deleted).
      const call = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/quick-contact`,
        headers: { cookie: user.cookie },
        payload: { type: 'call', notes: 'Não atendeu.' },
      });
      expect(call.statusCode).toBe(201);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/timeline/${call.json<{ id: number }>().id}`,
        headers: { cookie: user.cookie },
      });
      expect(removed.statusCode).toBeLessThan(300);
      const recomputed = (
        await rows<{ at: Date }>(sql`select last_interaction_at as at from leads where id = ${lead.id}`)
      )[0]!.at;
      expect(new Date(recomputed).getTime()).toBe(new Date(before).getTime());
      expect((await rows<{ n: number }>(sql`select count(*)::int as n from leads`))[0]!.n).toBe(leadsBefore);
      expect((await rows(sql`select 1 from leads where email = 'tiago@desconhecido.test'`)).length).toBe(0);
      const [ledger] = await rows<{ outcome: string }>(
        sql`select outcome from mail_messages where message_id = ${auto}`,
      );
      expect(ledger!.outcome).toBe('auto_reply_noted');
      // The next reply threads under the customer's real e-mails, never the auto-reply.
      const again = await sendTo(lead.id);
      const [out] = await rows<{ in_reply_to: string | null }>(
        sql`select in_reply_to from email_outbox where id = ${again.outboxId}`,
      );
      expect(out!.in_reply_to).not.toBe(auto);
    });
  },
);
