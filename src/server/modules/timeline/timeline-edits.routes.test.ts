import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import { insertLead, insertTimelineEntry } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { EMAIL_ENTRY_REFUSED, EMAIL_NOT_DELETABLE, EMAIL_NOT_EDITABLE, FUTURE_DATE } from './timeline.service.ts';

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
  const events: HubEvent[] = [];
  const listen = () => {
    events.length = 0;
    return t.hub.subscribe((e) => events.push(e));
  };
  const email = (leadId: number, emailData: object, createdAt: Date) =>
    insertTimelineEntry(t.database.db, { leadId, type: 'email', description: 'Mail', emailData, createdAt });

  it('edits and deletes calls and chats, recomputing lastInteractionAt each time; e-mails are refused', async () => {
    const lead = await newLead();
    const mail = await email(lead.id, { from: 'ana@example.com' }, at('2026-05-02T10:00:00Z'));
    const first = (
      await call('POST', `/api/leads/${lead.id}/timeline`, {
        type: 'call',
        title: 'A',
        description: 'a',
        createdAt: '2026-05-04T10:00:00Z',
      })
    ).json();
    const second = (
      await call('POST', `/api/leads/${lead.id}/timeline`, {
        type: 'chat',
        title: 'B',
        description: 'b',
        metadata: { outcome: 'ok' },
      })
    ).json();
    expect(await lastInteraction(lead.id)).toBe(NOW.toISOString());

    const off = listen();
    const edited = await call('PUT', `/api/timeline/${second.id}`, {
      type: 'call',
      title: 'B2',
      description: 'b2',
      createdAt: '2026-05-03T10:00:00Z',
    });
    off();
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: second.id,
      type: 'call',
      label: 'Phone Call',
      title: 'B2',
      description: 'b2',
      metadata: { outcome: 'ok' },
      createdAt: '2026-05-03T10:00:00.000Z',
    });
    expect(await lastInteraction(lead.id)).toBe('2026-05-04T10:00:00.000Z');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'lead_updated', data: { leadId: lead.id, byUserId: me.id } }),
    );

    const refusedEdit = await call('PUT', `/api/timeline/${mail.id}`, { type: 'email', emailData: { subject: 'x' } });
    expect(refusedEdit.statusCode).toBe(403);
    expect(refusedEdit.json()).toEqual({ code: 'FORBIDDEN', message: EMAIL_NOT_EDITABLE });
    expect((await call('PUT', `/api/timeline/${first.id}`, { type: 'email' })).json().message).toBe(
      EMAIL_ENTRY_REFUSED,
    );
    expect(
      (
        await call('PUT', `/api/timeline/${first.id}`, {
          type: 'call',
          title: 'x',
          description: 'y',
          createdAt: '2027-01-01T00:00:00Z',
        })
      ).json().message,
    ).toBe(FUTURE_DATE);
    expect((await call('PUT', '/api/timeline/999999', { type: 'call', title: 'x', description: 'y' })).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Timeline entry not found',
    });

    expect((await call('DELETE', `/api/timeline/${first.id}`)).json()).toEqual({ ok: true });
    expect(await lastInteraction(lead.id)).toBe('2026-05-03T10:00:00.000Z');
    const refusedDelete = await call('DELETE', `/api/timeline/${mail.id}`);
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().message).toBe(EMAIL_NOT_DELETABLE);
    await call('DELETE', `/api/timeline/${second.id}`);
    // Only the customer's e-mail is left: not our interaction (ADR 063), so the lead's creation.
    expect(await lastInteraction(lead.id)).toBe(CREATED.toISOString());
    await t.database.db.delete(leadTimeline).where(eq(leadTimeline.id, mail.id));
    const quick = (await call('POST', `/api/leads/${lead.id}/quick-contact`, { type: 'call', notes: 'x' })).json();
    await call('DELETE', `/api/timeline/${quick.id}`);
    expect(await lastInteraction(lead.id)).toBe(CREATED.toISOString()); // no entries left: the lead's creation
    expect((await call('DELETE', `/api/timeline/${quick.id}`)).statusCode).toBe(404);
  });

  it("recomputes lastInteractionAt from our entries: a customer's e-mail never moves it, our e-mail does", async () => {
    const lead = await newLead();
    const ours = (
      await call('POST', `/api/leads/${lead.id}/timeline`, {
        type: 'call',
        title: 'Quoted by phone',
        description: 'x',
        createdAt: '2026-05-02T10:00:00Z',
      })
    ).json();
    await email(
      lead.id,
      { from: 'ana@example.com', isOutgoing: false, subject: 'Aceito!' },
      at('2026-05-04T10:00:00Z'),
    );
    const scratch = (
      await call('POST', `/api/leads/${lead.id}/timeline`, { type: 'chat', title: 's', description: 's' })
    ).json();
    await call('DELETE', `/api/timeline/${scratch.id}`);
    // The reply of 4 May is newer, but the lateness clock keeps our call of 2 May.
    expect(await lastInteraction(lead.id)).toBe('2026-05-02T10:00:00.000Z');
    await email(
      lead.id,
      { from: 'geral@example.test', to: 'ana@example.com', isOutgoing: true },
      at('2026-05-03T10:00:00Z'),
    );
    await call('DELETE', `/api/timeline/${ours.id}`);
    expect(await lastInteraction(lead.id)).toBe('2026-05-03T10:00:00.000Z');
  });
});
