import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import type { TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import { deliveryReport } from './mail.test-helpers.ts';
import { GERAL, mid, PROVIDER_DAEMON, startTimelineRig, timelineTestHelpers } from './mail-timeline.test-helpers.ts';

/** Continues mail-timeline.routes.test.ts: reports that are not ours, delays, and auto-replies. */
describe.skipIf(skipWithoutMailRig())(
  'mail on the timeline: forged bounces, delay notices, auto-replies',
  { timeout: 60_000 },
  () => {
    let rig: MailRig;
    let t: TestApp;
    let user: { cookie: string; id: number };
    const { rows, sync, timeline, deliver, plain, sendTo } = timelineTestHelpers(() => ({ rig, t, user }));

    beforeAll(async () => {
      ({ rig, t, user } = await startTimelineRig());
    }, 180_000);
    afterAll(async () => {
      await t?.services.outbox.idle();
      await t?.close();
      await rig?.stop();
    });

    it('a forged bounce of an e-mail we sent is ordinary mail: on the timeline, nothing marked, nobody told (ADR 064)', async () => {
      const lead = await insertLead(t.database.db, { email: 'alvo@cliente.test', emailSource: 'geral' });
      const sent = await sendTo(lead.id);
      const remote = mid('mx.cliente.test');
      const spoofed = mid('mail.example.test');
      const lure = 'Your account is closed. Log in at https://evil.test/login to keep it';
      await deliver(
        deliveryReport({
          to: GERAL,
          messageId: remote,
          original: sent.messageId,
          recipient: 'alvo@cliente.test',
          diagnostic: lure,
        }),
        '',
      );
      // Our provider's name in From, but the receiving server found it forged.
      await deliver(
        `Authentication-Results: mail.example.test; spf=fail smtp.helo=evil.test; dmarc=fail header.from=example.test\r\n${deliveryReport(
          {
            to: GERAL,
            messageId: spoofed,
            original: sent.messageId,
            recipient: 'alvo@cliente.test',
            diagnostic: lure,
            from: PROVIDER_DAEMON,
          },
        )}`,
        '',
      );
      expect(await sync()).toMatchObject({ leadsCreated: 0, addedToTimeline: 2 });
      const [row] = await rows<{ status: string }>(sql`select status from email_outbox where id = ${sent.outboxId}`);
      expect(row!.status).toBe('sent');
      const entries = await timeline(lead.id);
      expect(entries.find((e) => e.id === sent.timelineId)!.metadata?.delivery?.status).toBe('sent');
      expect(entries.filter((e) => e.type === 'email' && e.emailData?.isOutgoing === false)).toHaveLength(2);
      const outcomes = await rows<{ message_id: string; outcome: string }>(
        sql`select message_id, outcome from mail_messages where message_id in (${remote}, ${spoofed})`,
      );
      expect(outcomes.map((o) => o.outcome)).toEqual(['timeline', 'timeline']);
      const told = await rows<{ n: number }>(
        sql`select count(*)::int as n from notifications where title like 'Email to alvo@%' or message like '%evil.test%'`,
      );
      expect(told[0]!.n).toBe(0);
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
