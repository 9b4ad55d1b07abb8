import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { imports } from '#server/db/schema/imports.ts';
import { leads, leadTimeline, userLeadViews } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import { insertLead, insertProposal, insertTimelineEntry } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-05-10T12:00:00Z');
const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('possible duplicates and merging two leads (ADR 012)', () => {
  let t: TestApp;
  let me: UserRow;
  let cookie: string;
  let colleague: UserRow;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    me = await t.createUser({ firstName: 'Joana' });
    cookie = await t.login(me.username);
    colleague = await t.createUser();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
  // Every lead an Ana, created an hour after the one before.
  const lead = (over: Partial<typeof leads.$inferInsert>) =>
    insertLead(t.database.db, {
      firstName: 'Ana',
      createdAt: new Date(Date.UTC(2026, 3, 10) + ++seq * 3_600_000),
      ...over,
    });
  const duplicatesOf = async (id: number) =>
    (await call('GET', `/api/leads/${id}`))
      .json()
      .duplicates.map((x: { reference: string; matchedOn: string }) => [x.reference, x.matchedOn]);

  it('finds other open leads by e-mail (any case) and by phone written any way, and drops closed ones', async () => {
    const a = await lead({ email: 'Ana.Dup@Example.pt', phone: '912 345 678' });
    const b = await lead({ email: 'ana.dup@example.pt' });
    const c = await lead({ phone: '+351912345678' });
    const dd = await lead({ email: 'ANA.DUP@example.PT', phone: '00351 912345678' });
    await lead({ email: 'ana.dup@example.pt', status: 'rejected' });
    await lead({ phone: '912345678', status: 'converted' });
    await lead({ email: 'someone@example.pt', phone: '913 000 000' });

    expect(await duplicatesOf(a.id)).toEqual([
      [b.reference, 'email'],
      [c.reference, 'phone'],
      [dd.reference, 'both'],
    ]);
    expect(await duplicatesOf(b.id)).toEqual([
      [a.reference, 'email'],
      [dd.reference, 'email'],
    ]);
    const one = (await call('GET', `/api/leads/${a.id}`)).json().duplicates[0];
    expect(one).toEqual({
      id: b.id,
      reference: b.reference,
      firstName: 'Ana',
      lastName: null,
      createdAt: b.createdAt.toISOString(),
      matchedOn: 'email',
    });

    // Closing or editing one lead takes it out of the others' notices.
    await call('PUT', `/api/leads/${dd.id}`, { status: 'rejected', lostReason: 'no_answer' });
    await call('PUT', `/api/leads/${c.id}`, { phone: '934 000 000' });
    expect(await duplicatesOf(a.id)).toEqual([[b.reference, 'email']]);
  });

  it('merges the newer lead into the older: timeline, proposals, imports, notes, empty fields, views; records the merge', async () => {
    const older = await lead({
      reference: 'MO',
      email: 'o@example.pt',
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      notes: 'Own notes',
      status: 'quoted',
      createdAt: d('2026-04-01'),
    });
    const newer = await lead({
      reference: 'MN',
      firstName: 'Nuno',
      lastName: 'Costa',
      email: 'n@example.pt',
      phone: '912 111 222',
      vehicleMake: 'Peugeot',
      vehicleModel: '308',
      vehicleYear: 2020,
      budget: '15000.00',
      notes: 'Their notes',
      starred: true,
      createdAt: d('2026-04-05'),
    });
    const db = t.database.db;
    await insertTimelineEntry(db, {
      leadId: older.id,
      type: 'call',
      title: 'Old call',
      description: 'o',
      createdAt: d('2026-04-02'),
    });
    await insertTimelineEntry(db, {
      leadId: newer.id,
      type: 'email',
      description: 'Mail',
      emailData: { from: 'n@example.pt' },
      messageId: '<m1@example.pt>',
      createdAt: d('2026-04-06'),
    });
    const proposal = await insertProposal(db, { leadId: newer.id, vehicleBrand: 'Peugeot' });
    const [anImport] = await db
      .insert(imports)
      .values({ leadId: newer.id, clientName: 'Nuno Costa', vehicleMake: 'Peugeot', vehicleModel: '308' })
      .returning();
    await db.insert(userLeadViews).values({ userId: colleague.id, leadId: newer.id });
    await db.insert(notifications).values({
      userId: colleague.id,
      type: 'new_lead',
      title: 'New lead MN',
      message: 'm',
      relatedType: 'lead',
      relatedId: newer.id,
    });

    const events: HubEvent[] = [];
    const off = t.hub.subscribe((e) => events.push(e));
    const res = await call('POST', `/api/leads/${newer.id}/merge`, { otherId: older.id }); // asked from the newer: the older survives
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ leadId: older.id, mergedReference: 'MN' });

    expect((await call('GET', `/api/leads/${newer.id}`)).statusCode).toBe(404);
    const survivor = (await call('GET', `/api/leads/${older.id}`)).json();
    expect(survivor).toMatchObject({
      reference: 'MO',
      firstName: 'Ana',
      lastName: 'Costa',
      email: 'o@example.pt',
      phone: '912 111 222',
      vehicleMake: 'Peugeot',
      vehicleModel: '308',
      vehicleYear: 2020,
      budget: '15000.00',
      status: 'quoted',
      starred: true,
      notes: 'Own notes\n\nMerged from #MN\nTheir notes',
      lastInteractionAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    const [row] = await db.select().from(leads).where(eq(leads.id, older.id));
    expect(row!.phoneNormalized).toBe('+351912111222');

    const timeline = (await call('GET', `/api/leads/${older.id}/timeline`)).json();
    expect(timeline.map((e: { title: string | null; type: string }) => [e.type, e.title])).toEqual([
      ['chat', 'Leads merged'],
      ['email', null],
      ['call', 'Old call'],
    ]);
    expect(timeline[0]).toMatchObject({
      description: 'Lead #MN (Nuno Costa) was merged into #MO by Joana.',
      metadata: { outcome: 'merged' },
      createdBy: me.id,
      createdAt: NOW.toISOString(),
      editable: true,
    });
    expect((await db.select().from(proposals).where(eq(proposals.id, proposal.id)))[0]!.leadId).toBe(older.id);
    expect((await db.select().from(imports).where(eq(imports.id, anImport!.id)))[0]!.leadId).toBe(older.id);
    expect(
      await db.select({ userId: userLeadViews.userId }).from(userLeadViews).where(eq(userLeadViews.leadId, older.id)),
    ).toEqual([{ userId: colleague.id }]);
    expect((await db.select().from(notifications).where(eq(notifications.title, 'New lead MN')))[0]!.relatedId).toBe(
      older.id,
    );

    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'lead_deleted',
        data: expect.objectContaining({ leadId: newer.id, byUserId: me.id }),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'lead_updated', data: { leadId: older.id, byUserId: me.id } }),
    );
  });

  it('cuts the merged notes to 1000 characters and keeps the lower id on a creation tie', async () => {
    const first = await lead({ notes: 'a'.repeat(900), createdAt: d('2026-03-01') });
    const second = await lead({ notes: 'b'.repeat(300), createdAt: d('2026-03-01') });
    const res = await call('POST', `/api/leads/${first.id}/merge`, { otherId: second.id });
    expect(res.json()).toEqual({ leadId: first.id, mergedReference: second.reference });
    const notes: string = (await call('GET', `/api/leads/${first.id}`)).json().notes;
    expect(notes).toHaveLength(1000);
    expect(notes.startsWith(`${'a'.repeat(900)}\n\nMerged from #${second.reference}\nbbb`)).toBe(true);
  });

  it('refuses merging a lead with itself, a missing lead or a malformed body, changing nothing', async () => {
    const one = await lead({});
    const leadsBefore = Number((await t.database.db.select({ n: count() }).from(leads))[0]!.n);
    const entriesBefore = Number((await t.database.db.select({ n: count() }).from(leadTimeline))[0]!.n);
    const self = await call('POST', `/api/leads/${one.id}/merge`, { otherId: one.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'VALIDATION', message: 'A lead cannot be merged with itself' });
    const missingOther = await call('POST', `/api/leads/${one.id}/merge`, { otherId: 999999 });
    expect(missingOther.json()).toEqual({ code: 'NOT_FOUND', message: 'The lead to merge with was not found' });
    const missing = await call('POST', `/api/leads/999999/merge`, { otherId: one.id });
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Lead not found' });
    expect((await call('POST', `/api/leads/${one.id}/merge`, { otherId: 0 })).json().fields).toEqual({
      otherId: 'Choose the lead to merge with',
    });
    expect(Number((await t.database.db.select({ n: count() }).from(leads))[0]!.n)).toBe(leadsBefore);
    expect(Number((await t.database.db.select({ n: count() }).from(leadTimeline))[0]!.n)).toBe(entriesBefore);
  });
});
