import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-05-10T12:00:00Z');
const CREATED = new Date('2026-05-01T09:00:00Z');

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

  it('logs a quick contact as a Phone Call or Text/WhatsApp entry with the notes', async () => {
    const lead = await newLead();
    const callRes = await call('POST', `/api/leads/${lead.id}/quick-contact`, {
      type: 'call',
      notes: '  Left a message\nCall back Monday ',
    });
    expect(callRes.statusCode).toBe(201);
    expect(callRes.json()).toMatchObject({
      type: 'call',
      title: 'Phone Call',
      description: 'Left a message\nCall back Monday',
      createdBy: me.id,
      createdByName: 'Joana',
      createdAt: NOW.toISOString(),
    });
    const chat = await call('POST', `/api/leads/${lead.id}/quick-contact`, { type: 'chat', notes: 'Sent the link' });
    expect(chat.json()).toMatchObject({
      type: 'chat',
      kind: 'chat',
      title: 'Text/WhatsApp',
      description: 'Sent the link',
    });
    expect(await lastInteraction(lead.id)).toBe(NOW.toISOString());

    expect(
      (await call('POST', `/api/leads/${lead.id}/quick-contact`, { type: 'call', notes: '   ' })).json().fields,
    ).toEqual({ notes: 'Notes are required' });
    expect(
      (await call('POST', `/api/leads/${lead.id}/quick-contact`, { type: 'email', notes: 'x' })).json().fields,
    ).toEqual({ type: 'Choose call or chat' });
    expect(await entryCount(lead.id)).toBe(2);
    expect((await call('POST', '/api/leads/999999/quick-contact', { type: 'call', notes: 'x' })).statusCode).toBe(404);
  });
});
