import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import { insertLead, insertTimelineEntry } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { EMAIL_ENTRY_REFUSED, FUTURE_DATE } from './timeline.service.ts';

const NOW = new Date('2026-05-10T12:00:00Z');
const CREATED = new Date('2026-05-01T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe('timeline and quick contact', () => {
  let t: TestApp;
  let me: UserRow;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    me = await t.createUser({ firstName: 'Joana' });
    cookie = await t.login(me.username);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const newLead = () => insertLead(t.database.db, { createdAt: CREATED, lastInteractionAt: CREATED });
  const lastInteraction = async (leadId: number) =>
    (
      await t.database.db.select({ at: leads.lastInteractionAt }).from(leads).where(eq(leads.id, leadId))
    )[0]!.at.toISOString();
  const entryCount = async (leadId: number) =>
    Number(
      (await t.database.db.select({ n: count() }).from(leadTimeline).where(eq(leadTimeline.leadId, leadId)))[0]!.n,
    );
  const events: HubEvent[] = [];
  const listen = () => {
    events.length = 0;
    return t.hub.subscribe((e) => events.push(e));
  };
  const email = (leadId: number, emailData: object, createdAt: Date) =>
    insertTimelineEntry(t.database.db, { leadId, type: 'email', description: 'Mail', emailData, createdAt });

  it('logs a call: 201 with kind, label and author; lastInteractionAt follows; lead_updated published', async () => {
    const lead = await newLead();
    const off = listen();
    const res = await call('POST', `/api/leads/${lead.id}/timeline`, {
      type: 'call',
      title: ' Called ',
      description: 'Wants a quote',
      metadata: { duration: '5 min' },
    });
    off();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      leadId: lead.id,
      type: 'call',
      kind: 'call',
      label: 'Phone Call',
      title: 'Called',
      description: 'Wants a quote',
      emailData: null,
      metadata: { duration: '5 min' },
      createdAt: NOW.toISOString(),
      createdBy: me.id,
      createdByName: 'Joana',
      editable: true,
    });
    expect(await lastInteraction(lead.id)).toBe(NOW.toISOString());
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'lead_updated', data: { leadId: lead.id, byUserId: me.id } }),
    );
  });

  it('refuses e-mail entries, missing titles, future dates and missing leads, creating nothing', async () => {
    const lead = await newLead();
    const bad = async (payload: object) => {
      const res = await call('POST', `/api/leads/${lead.id}/timeline`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json();
    };
    expect(await bad({ type: 'email', emailData: { subject: 'x' } })).toMatchObject({
      message: EMAIL_ENTRY_REFUSED,
      fields: { type: EMAIL_ENTRY_REFUSED },
    });
    expect((await bad({ type: 'chat', title: '', description: 'x' })).fields).toEqual({
      title: 'Title and description are required for non-email entries',
    });
    expect((await bad({ type: 'call', title: 'x' })).fields).toEqual({
      description: 'Title and description are required for non-email entries',
    });
    expect((await bad({ type: 'fax', title: 'x', description: 'y' })).fields).toEqual({
      type: 'Type must be email, chat or call',
    });
    expect((await bad({ type: 'call', title: 'x', description: 'y', createdAt: 'yesterday' })).fields).toEqual({
      createdAt: 'Date must be a valid date and time',
    });
    expect(await bad({ type: 'call', title: 'x', description: 'y', createdAt: '2026-05-10T13:00:00Z' })).toMatchObject({
      message: FUTURE_DATE,
      fields: { createdAt: FUTURE_DATE },
    });
    expect(await entryCount(lead.id)).toBe(0);
    expect(await lastInteraction(lead.id)).toBe(CREATED.toISOString());
    const missing = await call('POST', '/api/leads/999999/timeline', { type: 'call', title: 'x', description: 'y' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Lead not found' });
  });

  it('lists newest first, classifying e-mails with the company mailboxes from settings; e-mails are not editable', async () => {
    const lead = await newLead();
    const company = 'geral@example.pt'; // the settings placeholder
    await email(lead.id, { from: 'ana@example.com', to: company, subject: 'Olá' }, at('2026-05-02T10:00:00Z'));
    await email(
      lead.id,
      { from: `AutoImport <${company}>`, to: 'ana@example.com', body: 'Obrigado' },
      at('2026-05-03T10:00:00Z'),
    );
    await email(
      lead.id,
      { from: company, to: 'ana@example.com', body: 'Veja https://autoimport.pt/proposta/abc-123' },
      at('2026-05-04T10:00:00Z'),
    );
    await call('POST', `/api/leads/${lead.id}/timeline`, {
      type: 'chat',
      title: 'WhatsApp',
      description: 'Sent photos',
      createdAt: '2026-05-05T10:00:00+01:00',
    });
    const res = await call('GET', `/api/leads/${lead.id}/timeline`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((e: { kind: string; label: string; editable: boolean; createdAt: string }) => [
          e.kind,
          e.label,
          e.editable,
          e.createdAt,
        ]),
    ).toEqual([
      ['chat', 'Text/WhatsApp', true, '2026-05-05T09:00:00.000Z'],
      ['proposal', 'Proposal', false, '2026-05-04T10:00:00.000Z'],
      ['email_sent', 'Email Sent', false, '2026-05-03T10:00:00.000Z'],
      ['email_received', 'Email Received', false, '2026-05-02T10:00:00.000Z'],
    ]);
    expect(res.json()[1]).toMatchObject({
      type: 'email',
      createdBy: null,
      createdByName: null,
      emailData: { from: company, to: 'ana@example.com' },
    });

    // A changed mailbox address changes the classification.
    await t.database.db
      .insert(systemSettings)
      .values({ key: 'mailbox.geral.address', value: 'vendas@autoimport.pt' })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: 'vendas@autoimport.pt' } });
    const kinds = (await call('GET', `/api/leads/${lead.id}/timeline`)).json().map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['chat', 'email_received', 'email_received', 'email_received']);
    await t.database.db
      .update(systemSettings)
      .set({ value: company })
      .where(eq(systemSettings.key, 'mailbox.geral.address'));

    expect((await call('GET', '/api/leads/999999/timeline')).statusCode).toBe(404);
  });

  it('never answers a product-written entry whose title repeats its label; staff titles stay as typed', async () => {
    const lead = await newLead();
    const viewed = (title: string | null) =>
      insertTimelineEntry(t.database.db, {
        leadId: lead.id,
        type: 'chat',
        title,
        description: 'Rui opened the proposal for a BMW 320d for the first time.',
        metadata: { event: 'proposal_viewed' },
        createdAt: CREATED,
      });
    await viewed('Proposal viewed'); // as older versions wrote it
    await viewed('PROPOSAL VIEWED ');
    await viewed(null);
    await insertTimelineEntry(t.database.db, {
      leadId: lead.id,
      type: 'call',
      title: 'Phone Call',
      description: 'Quick contact',
      createdAt: CREATED,
    });
    const list = (await call('GET', `/api/leads/${lead.id}/timeline`)).json() as { kind: string; title: string }[];
    expect(list.filter((e) => e.kind === 'proposal_viewed').map((e) => e.title)).toEqual([null, null, null]);
    // A staff entry keeps its title: the edit dialog shows what was saved.
    expect(list.find((e) => e.kind === 'call')?.title).toBe('Phone Call');
  });

  it('answers 401 to anonymous callers', async () => {
    const lead = await newLead();
    for (const [method, url] of [
      ['GET', `/api/leads/${lead.id}/timeline`],
      ['POST', `/api/leads/${lead.id}/timeline`],
      ['PUT', '/api/timeline/1'],
      ['DELETE', '/api/timeline/1'],
      ['POST', `/api/leads/${lead.id}/quick-contact`],
    ] as const) {
      expect(
        (await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, '')).statusCode,
        url,
      ).toBe(401);
    }
  });
});
