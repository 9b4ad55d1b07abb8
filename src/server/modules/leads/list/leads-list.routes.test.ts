import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { type LeadListItem, type LeadListResponse } from '#shared/schemas/leads.ts';
import { addLead, clearLeads, getter, hoursAgo, NOW } from './leads-list.test-helpers.ts';

describe('leads list: GET /api/leads, POST /api/leads/mark-all-seen', () => {
  let t: TestApp;
  let cookie: string;
  let now = NOW;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = NOW;
    await clearLeads(t.database.db);
  });

  const get = (url: string, as: string | null = cookie) => getter(t)(as, url);
  const list = async (query = '', as = cookie): Promise<LeadListResponse> => {
    const res = await get(`/api/leads${query ? `?${query}` : ''}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const refs = (r: LeadListResponse) => r.items.map((i) => i.reference);
  const add = (over: Parameters<typeof addLead>[1] = {}) => addLead(t.database.db, over);

  it('answers 401 to anonymous callers', async () => {
    expect((await get('/api/leads', null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/leads/mark-all-seen' })).statusCode).toBe(401);
  });

  it('lists every lead in the public shape when no filter is sent', async () => {
    const lead = await add({
      reference: 'L1',
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.pt',
      phone: '912 345 678',
      budget: '25000.00',
      vehicleYear: 2019,
    });
    await add({ status: 'rejected', emailSource: 'comercial' });
    const r = await list();
    expect(r.total).toBe(2);
    expect(r.nextCursor).toBeNull();
    expect(r.hidden).toBeNull();
    const item = r.items.find((i) => i.id === lead.id)!;
    expect(item).toEqual({
      id: lead.id,
      reference: 'L1',
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.pt',
      phone: '912 345 678',
      vehicleMake: 'Fiat',
      vehicleModel: 'Panda',
      vehicleYear: 2019,
      budget: '25000.00',
      status: 'requested',
      emailSource: 'geral',
      origin: 'manual',
      starred: false,
      assignedTo: null,
      seen: false,
      lastInteractionAt: hoursAgo(1).toISOString(),
      createdAt: hoursAgo(1).toISOString(),
      quotedAmount: null,
      version: 1,
      nextTask: null,
    } satisfies LeadListItem);
  });

  describe('search', () => {
    beforeEach(async () => {
      await add({
        reference: 'L20001',
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana.silva@mail.pt',
        vehicleMake: 'BMW',
        vehicleModel: '320d',
      });
      await add({
        reference: 'L20002',
        firstName: 'Rui',
        lastName: 'Costa',
        email: 'rui@costa.pt',
        vehicleMake: 'Volkswagen',
        vehicleModel: 'Golf GTE',
      });
      await add({
        reference: 'X-77',
        firstName: 'Marta',
        lastName: null,
        email: null,
        vehicleMake: 'Audi',
        vehicleModel: 'A4 Avant',
      });
    });
    const search = async (term: string) => refs(await list(`search=${encodeURIComponent(term)}`)).sort();

    it('matches name, e-mail, make, model and reference', async () => {
      expect(await search('Ana')).toEqual(['L20001']); // first name
      expect(await search('Costa')).toEqual(['L20002']); // last name (and e-mail)
      expect(await search('silva@mail')).toEqual(['L20001']); // e-mail
      expect(await search('Volkswagen')).toEqual(['L20002']); // make
      expect(await search('A4 Av')).toEqual(['X-77']); // model
      expect(await search('X-77')).toEqual(['X-77']); // reference
      expect(await search('L2000')).toEqual(['L20001', 'L20002']);
      expect(await search('Ana Silva')).toEqual(['L20001']); // across fields
      expect(await search('nobody')).toEqual([]);
    });

    it('ignores case and surrounding or repeated spaces', async () => {
      expect(await search('GOLF gte')).toEqual(['L20002']);
      expect(await search('bmw')).toEqual(['L20001']);
      expect(await search('x-77')).toEqual(['X-77']);
      expect(await search('  ana   SILVA ')).toEqual(['L20001']);
    });

    it('takes % _ and \\ literally', async () => {
      await add({ reference: 'P1', firstName: 'Per%cent', email: 'a_b@x.pt' });
      await add({ reference: 'P2', firstName: 'Percent', email: 'axb@x.pt' });
      await add({ reference: 'P3', firstName: 'Back\\slash' });
      expect(await search('%')).toEqual(['P1']);
      expect(await search('r%c')).toEqual(['P1']);
      expect(await search('a_b')).toEqual(['P1']);
      expect(await search('_')).toEqual(['P1']);
      expect(await search('k\\s')).toEqual(['P3']);
    });

    it('treats a blank search as no search', async () => {
      const r = await list('search=%20%20');
      expect(r.total).toBe(3);
      expect(r.hidden).toBeNull();
    });
  });
});
