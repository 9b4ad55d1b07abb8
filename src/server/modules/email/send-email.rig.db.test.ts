import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { leadTimeline } from '#server/db/schema/leads.ts';
import { skipWithoutMailRig, type MailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { insertLead, insertTimelineEntry } from '#test/factories.ts';
import { type TestApp } from '#test/test-app.ts';
import { COMERCIAL, GERAL, sendRigHelpers, startSendRig } from './send-email-rig.test-helpers.ts';

/**
 * Sending through the real rig: nodemailer to Postfix (submission, SASL), Postfix to Dovecot, the
 * Sent copy by IMAP APPEND, read back with IMAP and parsed with mailparser.
 */
describe.skipIf(skipWithoutMailRig())('sending e-mail through the mail rig', { timeout: 60_000 }, () => {
  let rig: MailRig;
  let t: TestApp;
  let cookie: string;
  let admin: string;
  const { realSender, sentFolder, send, received, copies } = sendRigHelpers(() => ({ rig, t, cookie }));

  beforeAll(async () => {
    ({ rig, t, cookie, admin } = await startSendRig(realSender()));
  }, 180_000);
  afterAll(async () => {
    await t?.services.outbox.idle();
    await t?.close();
    await rig?.stop();
  });

  it('a reply arrives with From, subject, both parts, signature, threading and escaped HTML; the Sent copy exists', async () => {
    const sig = await t.app.inject({
      method: 'PUT',
      url: '/api/gmail/signature/geral',
      payload: {
        signature:
          '<p><b>Equipa AutoImport</b><br><a href="https://carros.example.test">site</a></p><script>x()</script>',
      },
      headers: { cookie: admin },
    });
    expect(sig.json().signature).toBe(
      '<p><b>Equipa AutoImport</b><br><a href="https://carros.example.test/">site</a></p>',
    );
    await rig.addUser('cliente1@example.test', 'c1');
    const lead = await insertLead(t.database.db, { email: 'cliente1@example.test', emailSource: 'geral' });
    // A thread: the customer's first e-mail, our answer, then the customer's reply we answer now.
    const thread = [
      ['<customer-0@cliente.test>', false, '2026-01-01T10:00:00Z'],
      ['<ours-0@autoimport.test>', true, '2026-01-01T11:00:00Z'],
      ['<customer-1@cliente.test>', false, '2026-01-02T10:00:00Z'],
    ] as const;
    for (const [messageId, isOutgoing, at] of thread)
      await insertTimelineEntry(t.database.db, {
        leadId: lead.id,
        type: 'email',
        emailData: { from: 'cliente1@example.test', to: GERAL, subject: 'Pedido', body: 'Olá', isOutgoing },
        messageId,
        createdAt: new Date(at),
      });

    const res = await send(lead.id, {
      subject: 'Re: Pedido',
      body: 'Olá <b>Ana</b>, veja <script>alert(1)</script> & <i>obrigado</i>',
      includeSignature: true,
    });
    expect(res.statusCode).toBe(202);
    const { messageId, outboxId } = res.json<{ messageId: string; outboxId: number }>();
    const mail = await received('cliente1@example.test', messageId);
    expect(mail.from?.value[0]).toEqual({ address: GERAL, name: 'AutoImport' });
    expect(mail.subject).toBe('Re: Pedido');
    expect(mail.messageId).toBe(messageId);
    expect(mail.inReplyTo).toBe('<customer-1@cliente.test>');
    // The whole chain, not only the last id.
    expect(mail.references).toEqual([
      '<customer-0@cliente.test>',
      '<ours-0@autoimport.test>',
      '<customer-1@cliente.test>',
    ]);
    expect(mail.text).toContain('Olá Ana, veja <script>alert(1)</script> & obrigado');
    expect(mail.text).toContain('-- \nEquipa AutoImport');
    expect(mail.html).toContain('Olá <b>Ana</b>, veja &lt;script&gt;alert(1)&lt;/script&gt; &amp; <i>obrigado</i>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<div class="signature"');
    expect(mail.html).toContain('<b>Equipa AutoImport</b>');

    await t.services.outbox.idle();
    const sent = await sentFolder(GERAL);
    expect(sent.filter((m) => m.messageId === messageId)).toHaveLength(1);
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(row).toMatchObject({ status: 'sent', warning: null });
    const [entry] = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.messageId, messageId));
    expect(entry!.emailData).toMatchObject({ from: GERAL, to: 'cliente1@example.test', isOutgoing: true });
  });

  it('leaves from the mailbox the lead wrote to (comercial), without a signature when asked', async () => {
    await rig.addUser('cliente2@example.test', 'c2');
    const lead = await insertLead(t.database.db, { email: 'cliente2@example.test', emailSource: 'comercial' });
    const { messageId } = (await send(lead.id, { subject: 'Olá', body: 'Texto', includeSignature: false })).json<{
      messageId: string;
    }>();
    const mail = await received('cliente2@example.test', messageId);
    expect(mail.from?.value[0]?.address).toBe(COMERCIAL);
    expect(mail.text).not.toContain('-- ');
    expect(messageId).toMatch(/@example\.test>$/);
  });

  it('the acknowledgement after a quote request: Portuguese, with the reference, once per request', async () => {
    await rig.addUser('cliente3@example.test', 'c3');
    const lead = await t.services.leads.createFromQuoteForm(
      {
        name: 'Rita Sousa',
        email: 'cliente3@example.test',
        phone: '+351 912 000 111',
        vehicleChoice: 'specific',
        vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-2008-ID8P1234.html',
      },
      { utmSource: null },
    );
    await t.services.outbox.idle();
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `ack:lead:${lead.id}`));
    const mail = await received('cliente3@example.test', row!.messageId);
    expect(mail.subject).toBe(`Recebemos o seu pedido (${lead.reference})`);
    expect(mail.text).toContain(`Olá Rita,`);
    expect(mail.text).toContain(`A referência do seu pedido é ${lead.reference}.`);
    // Asked again for the same request: the same message, still one in the customer's inbox.
    const again = await t.services.sendEmail.acknowledgeQuoteRequest(lead);
    expect(again?.outboxId).toBe(row!.id);
    await t.services.outbox.idle();
    expect(copies('cliente3@example.test', row!.messageId)).toBe(1);
    const timeline = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id));
    expect(timeline.filter((e) => e.type === 'email')).toHaveLength(1);
  });

  it('the acknowledgement quotes the visitor’s name inert: no link, no markup (ADR 060)', async () => {
    await rig.addUser('cliente9@example.test', 'c9');
    const lead = await t.services.leads.createFromQuoteForm(
      {
        name: 'https://evil.example/premio Silva',
        email: 'cliente9@example.test',
        phone: '+351 912 000 119',
        vehicleChoice: 'specific',
        vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-2008-ID8P1299.html',
      },
      { utmSource: null },
    );
    await t.services.outbox.idle();
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `ack:lead:${lead.id}`));
    const mail = await received('cliente9@example.test', row!.messageId);
    expect(mail.text).toContain('Olá,');
    expect(mail.text).not.toContain('evil');
    expect(mail.html || '').not.toContain('evil');
    // The company's own signature may link to its site; the visitor's text may not.
    expect((mail.html || '').split('class="signature"')[0]).not.toMatch(/<a\b/);
  });
});
