import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads, userLeadViews } from '#server/db/schema/leads.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { CONVERT_REFUSED } from './lead.service.ts';

const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026: lead year up to 2027, manual up to 2028
const now = NOW;

describe('one lead: create, read, update, seen, star', () => {
  let t: TestApp;
  let me: UserRow;
  let cookie: string;
  let colleague: UserRow;
  let colleagueCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({ user: me, cookie } = await t.loginAs('user'));
    colleague = await t.createUser({ role: 'admin' });
    colleagueCookie = await t.login(colleague.username);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
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

  it('reads a lead with seen per user, and answers 404 / 400 for a missing or malformed id', async () => {
    const lead = await insertLead(t.database.db, { notes: 'n', utmSource: 'google' });
    const res = await call('GET', `/api/leads/${lead.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: lead.id,
      reference: lead.reference,
      seen: false,
      notes: 'n',
      utmSource: 'google',
      manual: false,
      assignedTo: null,
      duplicates: [],
    });
    expect(res.json()).not.toHaveProperty('phoneNormalized');

    const missing = await call('GET', '/api/leads/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Lead not found' });
    expect((await call('GET', '/api/leads/abc')).statusCode).toBe(400);
  });

  it('marks a lead seen for the caller only, idempotently', async () => {
    const lead = await insertLead(t.database.db);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/leads/${lead.id}/seen`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const views = await t.database.db.select().from(userLeadViews).where(eq(userLeadViews.leadId, lead.id));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ userId: me.id, seenAt: NOW });
    expect((await call('GET', `/api/leads/${lead.id}`)).json().seen).toBe(true);
    expect((await call('GET', `/api/leads/${lead.id}`, undefined, colleagueCookie)).json().seen).toBe(false);
    expect((await call('POST', '/api/leads/999999/seen')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Lead not found',
    });
  });

  it('toggles the star and publishes lead_updated', async () => {
    const lead = await insertLead(t.database.db);
    const events = await capture(async () => {
      expect((await call('POST', `/api/leads/${lead.id}/star`)).json()).toEqual({ starred: true });
      expect((await call('POST', `/api/leads/${lead.id}/star`)).json()).toEqual({ starred: false });
    });
    expect(events.filter((e) => e.type === 'lead_updated').map((e) => e.data)).toEqual([
      { leadId: lead.id, byUserId: me.id },
      { leadId: lead.id, byUserId: me.id },
    ]);
    expect((await call('POST', '/api/leads/999999/star')).statusCode).toBe(404);
  });

  it('updates only the fields sent, keeps the normalised phone in step and publishes lead_updated', async () => {
    const lead = await insertLead(t.database.db, {
      phone: '912 000 111',
      email: 'old@example.pt',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const events = await capture(async () => {
      const res = await call('PUT', `/api/leads/${lead.id}`, {
        notes: 'Called',
        budget: '30.000,00'.replace('.', ''),
        vehicleYear: '2027',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        notes: 'Called',
        budget: '30000.00',
        vehicleYear: 2027,
        phone: '912 000 111',
        email: 'old@example.pt',
        updatedAt: NOW.toISOString(),
      });
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'lead_updated', data: { leadId: lead.id, byUserId: me.id } }),
    );
    const phoneOf = async () => (await t.database.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!;
    expect((await phoneOf()).phoneNormalized).toBe('+351912000111');

    await call('PUT', `/api/leads/${lead.id}`, { phone: '0044 20 7946 0958' });
    expect((await phoneOf()).phoneNormalized).toBe('+442079460958');
    const cleared = await call('PUT', `/api/leads/${lead.id}`, {
      phone: '',
      email: '  ',
      status: 'rejected',
      lostReason: 'car_sold',
    });
    expect(cleared.json()).toMatchObject({ phone: null, email: null, status: 'rejected' });
    expect((await phoneOf()).phoneNormalized).toBeNull();
  });

  it('refuses bad updates with clear messages and changes nothing', async () => {
    const lead = await insertLead(t.database.db, { firstName: 'Rui', status: 'quoted' });
    const bad = async (payload: object) => {
      const res = await call('PUT', `/api/leads/${lead.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json();
    };
    expect((await bad({})).message).toBe('Nothing to update');
    expect((await bad({ firstName: '' })).fields).toEqual({ firstName: 'First name is required' });
    expect((await bad({ email: 'nope' })).fields).toEqual({
      email: 'Invalid Email: Please enter a valid email address',
    });
    expect((await bad({ vehicleYear: 2028 })).fields).toEqual({ vehicleYear: 'Year must be 2027 or earlier' });
    expect((await bad({ notes: 'x'.repeat(1001) })).fields).toEqual({ notes: 'Notes are at most 1000 characters' });
    expect((await bad({ status: 'lost' })).fields).toHaveProperty('status');
    expect(await bad({ status: 'converted', notes: 'x' })).toMatchObject({
      code: 'VALIDATION',
      message: CONVERT_REFUSED,
    });
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ status: 'quoted', notes: null, firstName: 'Rui' });
    expect((await call('PUT', '/api/leads/999999', { notes: 'x' })).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Lead not found',
    });
  });

  it('reads a Not specified make and model from the listing link on create and on car edits', async () => {
    const bmw = 'https://www.standvirtual.com/carros/anuncio/bmw-x5-45-e-xdrive-xline-ID8PaB1c.html';
    const unnamed = {
      ...manual,
      vehicleYear: '2026',
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      vehicleLink: bmw,
    };
    for (const url of ['/api/leads/manual', '/api/leads']) {
      const res = await call('POST', url, unnamed);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ vehicleMake: 'BMW', vehicleModel: 'X5', vehicleLink: bmw });
    }
    // What staff typed is kept.
    const typed = await call('POST', '/api/leads/manual', { ...unnamed, vehicleMake: 'Audi', vehicleModel: 'Q5' });
    expect(typed.json()).toMatchObject({ vehicleMake: 'Audi', vehicleModel: 'Q5' });

    const lead = await insertLead(t.database.db, { vehicleMake: 'Not specified', vehicleModel: 'Not specified' });
    // A change that is not about the car leaves it alone.
    expect((await call('PUT', `/api/leads/${lead.id}`, { notes: 'x' })).json()).toMatchObject({
      vehicleMake: 'Not specified',
    });
    const linked = await call('PUT', `/api/leads/${lead.id}`, {
      vehicleLink: 'https://www.autoscout24.pt/anuncios/audi-a4-avant-35-tdi-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    });
    expect(linked.json()).toMatchObject({ vehicleMake: 'Audi', vehicleModel: 'A4' });
    // Clearing the model in the inline edit (the client sends 'Not specified') reads it back from the link.
    const cleared = await call('PUT', `/api/leads/${lead.id}`, { vehicleModel: 'Not specified' });
    expect(cleared.json()).toMatchObject({ vehicleMake: 'Audi', vehicleModel: 'A4' });
    const renamed = await call('PUT', `/api/leads/${lead.id}`, { vehicleModel: 'A4 Allroad' });
    expect(renamed.json()).toMatchObject({ vehicleMake: 'Audi', vehicleModel: 'A4 Allroad' });
  });
});
