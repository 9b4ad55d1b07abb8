import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { CONVERT_REFUSED } from './lead.service.ts';

const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026: lead year up to 2027, manual up to 2028
let now = NOW;

describe('one lead: create, read, update, seen, star', () => {
  let t: TestApp;
  let me: UserRow;
  let cookie: string;
  let colleague: UserRow;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({ user: me, cookie } = await t.loginAs('user'));
    colleague = await t.createUser({ role: 'admin' });
    await t.login(colleague.username);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const leadCount = async () => Number((await t.database.db.select({ n: count() }).from(leads))[0]!.n);
  const capture = async (fn: () => Promise<unknown>) => {
    const events: HubEvent[] = [];
    const off = t.hub.subscribe((e) => events.push(e));
    try {
      await fn();
    } finally {
      off();
    }
    return events;
  };

  const manual = {
    firstName: '  Ana ',
    lastName: 'Silva',
    email: 'Ana@Example.pt',
    phone: '912 345 678',
    vehicleMake: 'Audi',
    vehicleModel: 'A4',
    vehicleYear: '2028',
    budget: '25000,5',
    mileage: '120000',
    transmission: 'auto',
    fuelType: 'diesel',
    notes: 'Wants black',
    emailSource: 'comercial',
  };

  it('creates a manual lead: generated reference, manual origin, normalised phone, seen by its creator', async () => {
    const events = await capture(async () => {
      const res = await call('POST', '/api/leads/manual', manual);
      expect(res.statusCode).toBe(201);
      const lead = res.json();
      expect(lead).toMatchObject({
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'Ana@Example.pt',
        phone: '912 345 678',
        vehicleMake: 'Audi',
        vehicleModel: 'A4',
        vehicleYear: 2028,
        budget: '25000.50',
        mileage: 120000,
        transmission: 'auto',
        fuelType: 'diesel',
        notes: 'Wants black',
        emailSource: 'comercial',
        status: 'requested',
        origin: 'manual',
        manual: true,
        starred: false,
        seen: true,
        quotedAmount: null,
        createdAt: NOW.toISOString(),
        lastInteractionAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        duplicates: [],
      });
      expect(lead.reference).toMatch(/^L\d{5,}$/);
      const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row!.phoneNormalized).toBe('+351912345678');
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'lead_created', data: { leadId: expect.any(Number), byUserId: me.id } }),
    );
  });

  it("keeps the customer's stated budget as requestedBudget when staff change the budget", async () => {
    const created = (await call('POST', '/api/leads/manual', { ...manual, budget: '18 500,50' })).json();
    expect(created).toMatchObject({ budget: '18500.50', requestedBudget: '18500.50' });
    const edited = await call('PUT', `/api/leads/${created.id}`, { budget: '21000', version: created.version });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ budget: '21000.00', requestedBudget: '18500.50' });
    const read = (await call('GET', `/api/leads/${created.id}`)).json();
    expect(read).toMatchObject({ budget: '21000.00', requestedBudget: '18500.50' });
  });

  it('notifies every staff user except the creator', async () => {
    const res = await call('POST', '/api/leads/manual', {
      ...manual,
      firstName: 'Marta',
      lastName: '',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
    });
    const lead = res.json();
    const forLead = (userId: number) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, lead.id)));
    expect(await forLead(me.id)).toHaveLength(0);
    const [note] = await forLead(colleague.id);
    expect(note).toMatchObject({
      type: 'new_lead',
      title: `New lead ${lead.reference}`,
      relatedType: 'lead',
      createdBy: me.id,
    });
    expect(note!.message).toBe(`${me.username} added a lead for Marta: Toyota Corolla.`);
  });

  it('refuses bad manual leads with a message per field and creates nothing', async () => {
    const before = await leadCount();
    const res = await call('POST', '/api/leads/manual', {
      firstName: ' ',
      vehicleMake: '',
      vehicleModel: '',
      email: 'not-an-email',
      vehicleYear: 2029,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        firstName: 'First name is required',
        vehicleMake: 'Vehicle make is required',
        vehicleModel: 'Vehicle model is required',
        email: 'Invalid email format',
        vehicleYear: 'Year must be 2028 or earlier',
      },
    });
    expect((await call('POST', '/api/leads/manual', { ...manual, vehicleYear: 1899 })).json().fields).toEqual({
      vehicleYear: 'Year must be 1900 or later',
    });
    expect((await call('POST', '/api/leads/manual', { ...manual, budget: -1 })).json().fields).toEqual({
      budget: 'Amount must be 0 or more',
    });
    expect(await leadCount()).toBe(before);
  });

  it('takes the year bounds from the clock at each request (no restart at New Year)', async () => {
    expect((await call('POST', '/api/leads/manual', { ...manual, vehicleYear: 2029 })).statusCode).toBe(400);
    now = new Date('2027-01-01T00:30:00Z'); // New Year in Lisbon; a fresh session for the later date
    try {
      const later = await t.login(me.username);
      expect((await call('POST', '/api/leads/manual', { ...manual, vehicleYear: 2029 }, later)).statusCode).toBe(201);
      expect((await call('POST', '/api/leads/manual', { ...manual, vehicleYear: 2030 }, later)).json().fields).toEqual({
        vehicleYear: 'Year must be 2029 or earlier',
      });
    } finally {
      now = NOW;
    }
  });

  it('names a missing required field too', async () => {
    const res = await call('POST', '/api/leads/manual', { vehicleMake: 'Audi', vehicleModel: 'A4' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['firstName']);
  });

  it('creates from the add-lead dialog with a chosen status and quote, year up to current + 1', async () => {
    const refused = await call('POST', '/api/leads', { ...manual, vehicleYear: 2028 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ vehicleYear: 'Year must be 2027 or earlier' });
    const converted = await call('POST', '/api/leads', { ...manual, vehicleYear: 2027, status: 'converted' });
    expect(converted.statusCode).toBe(400);
    expect(converted.json()).toMatchObject({
      code: 'VALIDATION',
      message: CONVERT_REFUSED,
      fields: { status: CONVERT_REFUSED },
    });
    const res = await call('POST', '/api/leads', {
      ...manual,
      email: '',
      vehicleYear: 2027,
      status: 'quoted',
      quotedAmount: '1500,5',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'quoted',
      quotedAmount: '1500.50',
      email: null,
      origin: 'manual',
      manual: true,
      vehicleYear: 2027,
    });
  });

  it('answers 401 to anonymous callers', async () => {
    const lead = await insertLead(t.database.db);
    for (const [method, url] of [
      ['GET', `/api/leads/${lead.id}`],
      ['PUT', `/api/leads/${lead.id}`],
      ['POST', '/api/leads/manual'],
      ['POST', '/api/leads'],
      ['POST', `/api/leads/${lead.id}/seen`],
      ['POST', `/api/leads/${lead.id}/star`],
      ['POST', `/api/leads/${lead.id}/merge`],
    ] as const) {
      expect((await call(method, url, method === 'GET' ? undefined : {}, '')).statusCode, url).toBe(401);
    }
  });
});
