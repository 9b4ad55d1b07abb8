// Expected delivery dates and the customer's stage e-mail (ADR 068).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { mailboxConnections } from '#server/db/schema/messaging.ts';
import { ensureSettingDefaults } from '#server/modules/settings/settings.repository.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import type { Import } from '#shared/schemas/imports.ts';
import type { TrackingResponse } from '#shared/schemas/import-tracking.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const ORIGIN = 'https://carros.example.pt';
const now = new Date('2026-11-20T09:00:00Z');

describe('expected delivery and stage e-mails (ADR 068)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // Messages stay queued: the test reads the outbox, nothing leaves.
    const sender: MailSender = {
      fromAddress: () => Promise.resolve(null),
      send: () => Promise.reject(new Error('nothing is sent in this test')),
    };
    t = await createTestApp({ publicUrl: ORIGIN, clock: { now: () => now }, mailSender: sender, drainOnSend: false });
    await ensureSettingDefaults(t.database.db);
    ({ cookie } = await t.loginAs('user'));
    await t.database.db.insert(mailboxConnections).values({
      account: 'geral',
      provider: 'gmail',
      address: 'geral@autoimport.pt',
      secretEncrypted: 'sealed',
      status: 'connected',
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
  const create = async (over: object = {}) => {
    const lead = await insertLead(t.database.db, { firstName: 'Joana', email: 'joana@example.pt', status: 'quoted' });
    const res = await call('POST', '/api/imports', {
      leadId: lead.id,
      clientName: 'Joana Matos',
      clientEmail: 'joana@example.pt',
      vehicleMake: 'Volvo',
      vehicleModel: 'XC60',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Import>();
  };
  const mails = (leadId: number | null) =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(leadId === null ? eq(emailOutbox.purpose, 'stage_update') : eq(emailOutbox.leadId, leadId));

  it('keeps the expected dates with versions, refuses bad ones, and shows them on the tracking page', async () => {
    const imp = await create();
    expect(imp).toMatchObject({ expectedDeliveryDate: null, expectedStageDates: {}, notifyCustomer: true });

    const bad = await call('PUT', `/api/imports/${imp.id}`, {
      expectedDeliveryDate: '2026-02-30',
      version: imp.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Expected delivery must be a real date');
    const badStage = await call('PUT', `/api/imports/${imp.id}`, {
      expectedStageDates: { teleported: '2026-12-01' },
      version: imp.version,
    });
    expect(badStage.statusCode).toBe(400);

    const saved = await call('PUT', `/api/imports/${imp.id}`, {
      expectedDeliveryDate: '2026-12-12',
      expectedStageDates: { in_transit: '2026-12-01', arrived: '2026-12-05', legalized: '' },
      version: imp.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<Import>();
    expect(after).toMatchObject({
      expectedDeliveryDate: '2026-12-12',
      expectedStageDates: { in_transit: '2026-12-01', arrived: '2026-12-05' },
      version: imp.version + 1,
    });
    // A write from the old version is refused and changes nothing.
    const stale = await call('PUT', `/api/imports/${imp.id}`, {
      expectedDeliveryDate: '2027-01-10',
      version: imp.version,
    });
    expect(stale.statusCode).toBe(409);

    const tracking = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${imp.publicId}` });
    expect(tracking.json<TrackingResponse>()).toMatchObject({
      expectedDeliveryDate: '2026-12-12',
      expectedStageDates: { in_transit: '2026-12-01', arrived: '2026-12-05' },
    });

    // Reached stages drop their expected date; a delivered import expects nothing more.
    await call('PUT', `/api/imports/${imp.id}`, { status: 'in_transit', notifyCustomer: false });
    const moving = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${imp.publicId}` });
    expect(moving.json<TrackingResponse>().expectedStageDates).toEqual({ arrived: '2026-12-05' });
    await call('PUT', `/api/imports/${imp.id}`, { status: 'delivered' });
    const done = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${imp.publicId}` });
    expect(done.json<TrackingResponse>()).toMatchObject({ expectedDeliveryDate: null, expectedStageDates: {} });
  });

  it('queues a short Portuguese e-mail with the tracking link at each stage change, once; off with one switch', async () => {
    const imp = await create();
    await call('PUT', `/api/imports/${imp.id}`, { expectedDeliveryDate: '2026-12-12' });
    expect(await mails(imp.leadId)).toEqual([]);

    expect((await call('PUT', `/api/imports/${imp.id}`, { status: 'in_transit' })).statusCode).toBe(200);
    const [mail, ...more] = await mails(imp.leadId);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      purpose: 'stage_update',
      account: 'geral',
      toAddress: 'joana@example.pt',
      subject: 'A sua importação: Em trânsito',
      status: 'queued',
    });
    expect(mail!.textBody).toContain('Olá Joana,');
    expect(mail!.textBody).toContain('A importação do seu Volvo XC60 avançou para a etapa «Em trânsito».');
    expect(mail!.textBody).toContain('A entrega está prevista para 12 de dezembro de 2026.');
    expect(mail!.textBody).toContain(`${ORIGIN}/acompanhar/${imp.publicId}`);
    // The same stage saved again is no change: no second e-mail.
    await call('PUT', `/api/imports/${imp.id}`, { status: 'in_transit' });
    expect(await mails(imp.leadId)).toHaveLength(1);

    // Off with one click: the next stage sends nothing.
    expect((await call('PUT', `/api/imports/${imp.id}`, { notifyCustomer: false })).json()).toMatchObject({
      notifyCustomer: false,
    });
    await call('PUT', `/api/imports/${imp.id}`, { status: 'arrived' });
    expect(await mails(imp.leadId)).toHaveLength(1);
    // Cancelling is told in person, never by the automatic e-mail.
    await call('PUT', `/api/imports/${imp.id}`, { notifyCustomer: true });
    await call('PUT', `/api/imports/${imp.id}`, { status: 'canceled' });
    expect(await mails(imp.leadId)).toHaveLength(1);
  });

  it('writes to a customer without a lead from geral, and not at all without an address', async () => {
    const res = await call('POST', '/api/imports', {
      clientName: 'Carlos',
      clientEmail: 'carlos@example.pt',
      vehicleMake: 'Audi',
      vehicleModel: 'A4',
    });
    const imp = res.json<Import>();
    await call('PUT', `/api/imports/${imp.id}`, { status: 'handling_paperwork' });
    const sent = (await mails(null)).filter((m) => m.toAddress === 'carlos@example.pt');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ leadId: null, subject: 'A sua importação: Documentação em curso' });

    const silent = (
      await call('POST', '/api/imports', { clientName: 'Sem Mail', vehicleMake: 'Fiat', vehicleModel: '500' })
    ).json<Import>();
    const before = (await mails(null)).length;
    expect((await call('PUT', `/api/imports/${silent.id}`, { status: 'handling_paperwork' })).statusCode).toBe(200);
    expect(await mails(null)).toHaveLength(before);
  });
});
