import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '#server/db/schema/leads.ts';
import { importMessage } from '#server/modules/mailboxes/mail-import.ts';
import type { IncomingMessage } from '#server/modules/mailboxes/mail-message.ts';
import type { InboxPage } from '#shared/schemas/inbox.ts';
import { insertLead, unique } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

/** The inbox (ADR 065): a customer's e-mail waits until staff answer it or mark it done. */
describe('inbox', () => {
  let t: TestApp;
  let me: { id: number; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    const { user, cookie } = await t.loginAs('user');
    me = { id: user.id, cookie };
  });
  afterAll(() => t.close());

  const inbox = async (filter = 'all', cookie = me.cookie) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/inbox?filter=${filter}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<InboxPage>();
  };
  const count = async (cookie = me.cookie) =>
    (await t.app.inject({ method: 'GET', url: '/api/inbox/count', headers: { cookie } })).json<{ count: number }>()
      .count;

  /** A customer's e-mail from `email`, imported as the mailbox sync does. */
  async function customerWrites(email: string, subject: string, text: string, at: Date, account = 'geral' as const) {
    const msg: IncomingMessage = {
      messageId: `<${unique('m')}@cliente.test>`,
      inReplyTo: [],
      references: [],
      from: { name: 'Rita Sousa', address: email },
      replyTo: null,
      to: [{ name: '', address: 'geral@example.test' }],
      cc: [],
      subject,
      date: at,
      text,
      attachments: [],
      headers: new Map(),
      contentType: 'text/plain',
      reportParts: [],
    };
    return t.database.db.transaction((tx) =>
      importMessage(tx, msg, {
        account,
        companyAddresses: ['geral@example.test'],
        providerKey: null,
        threadKey: null,
        now: new Date(),
      }),
    );
  }

  it('lists a customer e-mail waiting for us, newest first, and drops it when staff reply', async () => {
    const email = `${unique('rita')}@cliente.test`;
    const lead = await insertLead(t.database.db, { email, firstName: 'Rita', lastName: 'Sousa', assignedTo: me.id });
    const older = await insertLead(t.database.db, { email: `${unique('o')}@cliente.test` });
    await customerWrites(older.email!, 'Antes', 'Primeira mensagem', new Date(Date.now() - 3_600_000));
    const before = await count();
    await customerWrites(email, 'Pergunta sobre o BMW', 'Olá, o carro ainda está disponível?\nObrigada', new Date());

    const page = await inbox();
    const ids = page.items.map((i) => i.leadId);
    expect(ids.indexOf(lead.id)).toBeLessThan(ids.indexOf(older.id));
    const row = page.items.find((i) => i.leadId === lead.id)!;
    expect(row).toMatchObject({
      reference: lead.reference,
      name: 'Rita Sousa',
      assignedTo: me.id,
      mailbox: 'geral',
      subject: 'Pergunta sobre o BMW',
      unread: true,
    });
    expect(row.preview).toContain('o carro ainda está disponível?');
    expect((await inbox('mine')).items.map((i) => i.leadId)).toEqual([lead.id]);
    expect((await inbox('unassigned')).items.map((i) => i.leadId)).not.toContain(lead.id);
    expect(await count()).toBe(before + 1);

    // Staff answer it: the conversation leaves the inbox.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/send-email`,
      headers: { cookie: me.cookie },
      payload: { subject: 'Re: Pergunta', body: 'Sim, está disponível.', includeSignature: false },
    });
    expect(sent.statusCode).toBe(202);
    expect((await inbox()).items.map((i) => i.leadId)).not.toContain(lead.id);
    const [stored] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored!.inboxAt).toBeNull();
  });

  it('a new lead from e-mail waits too; mark as done removes it without a reply', async () => {
    const email = `${unique('novo')}@cliente.test`;
    const result = await customerWrites(email, 'Quero importar um carro', 'Procuro um Audi A3', new Date());
    expect(result.outcome).toBe('lead_created');
    expect((await inbox('unassigned')).items.map((i) => i.leadId)).toContain(result.leadId);

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/${result.leadId}/done`,
      headers: { cookie: me.cookie },
    });
    expect(done.statusCode).toBe(200);
    expect((await inbox()).items.map((i) => i.leadId)).not.toContain(result.leadId);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/inbox/2147483600/done',
      headers: { cookie: me.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('pages by cursor without repeating a row', async () => {
    for (let i = 0; i < 53; i++)
      await customerWrites(`${unique('p')}@cliente.test`, `P${i}`, 'x', new Date(Date.now() - i * 1000));
    const first = await inbox();
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inbox?filter=all&cursor=${encodeURIComponent(first.nextCursor!)}`,
      headers: { cookie: me.cookie },
    });
    const second = res.json<InboxPage>();
    const seen = new Set(first.items.map((i) => i.leadId));
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((i) => seen.has(i.leadId))).toBe(false);
    const bad = await t.app.inject({ method: 'GET', url: '/api/inbox?cursor=nope', headers: { cookie: me.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('is for signed-in staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inbox' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/inbox/count' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/inbox/1/done' })).statusCode).toBe(401);
  });
});
