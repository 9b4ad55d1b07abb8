import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { userLeadViews } from '#server/db/schema/leads.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { LEADS_PAGE_SIZE, type LeadListItem, type LeadListResponse } from '#shared/schemas/leads.ts';
import { addLead, clearLeads, getter, hoursAgo, NOW } from './leads-list.test-helpers.ts';

describe('leads list: GET /api/leads, POST /api/leads/mark-all-seen', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let now = NOW;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({
      cookie,
      user: { id: userId },
    } = await t.loginAs('user'));
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
      seen: false,
      lastInteractionAt: hoursAgo(1).toISOString(),
      createdAt: hoursAgo(1).toISOString(),
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

  describe('filters', () => {
    beforeEach(async () => {
      await add({ reference: 'A', status: 'requested', emailSource: 'geral' });
      await add({ reference: 'B', status: 'quoted', emailSource: 'comercial' });
      await add({ reference: 'C', status: 'rejected', emailSource: 'geral' });
      await add({ reference: 'D', status: 'waiting', emailSource: 'comercial' });
    });
    const sorted = async (q: string) => refs(await list(q)).sort();

    it('keeps the statuses and sources asked for', async () => {
      expect(await sorted('status=requested,quoted')).toEqual(['A', 'B']);
      expect(await sorted('status=rejected')).toEqual(['C']);
      expect(await sorted('source=comercial')).toEqual(['B', 'D']);
      expect(await sorted('status=requested,quoted,waiting&source=comercial')).toEqual(['B', 'D']);
      expect(await sorted('source=geral,comercial')).toEqual(['A', 'B', 'C', 'D']);
    });

    it('matches nothing when every status or every source is deselected', async () => {
      for (const q of ['status=', 'source=', 'status=&source=geral']) {
        const r = await list(q);
        expect(r, q).toMatchObject({ items: [], total: 0, nextCursor: null, hidden: null });
      }
    });

    it('answers 400 with a clear message to an unknown status, source, late or limit, and to a long search', async () => {
      for (const q of [
        'status=requested,bogus',
        'source=gmail',
        'late=yes',
        'limit=0',
        'limit=500',
        'limit=abc',
        `search=${'a'.repeat(201)}`,
      ]) {
        const res = await get(`/api/leads?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
        expect(res.json().message.length).toBeGreaterThan(5);
      }
      expect((await get('/api/leads?status=bogus')).json().message).toMatch(/requested/);
      expect((await get(`/api/leads?search=${'a'.repeat(201)}`)).json().message).toBe(
        'Search is at most 200 characters',
      );
    });
  });

  describe('late only', () => {
    const MS = 1;
    beforeEach(async () => {
      // Fast group (12 h): requested, waiting. Slow group (48 h): quoted, clarifying, contacted.
      await add({ reference: 'req-12h', status: 'requested', lastInteractionAt: hoursAgo(12) });
      await add({
        reference: 'req-under',
        status: 'requested',
        lastInteractionAt: new Date(hoursAgo(12).getTime() + MS),
      });
      await add({ reference: 'wait-13h', status: 'waiting', lastInteractionAt: hoursAgo(13) });
      await add({ reference: 'quo-48h', status: 'quoted', lastInteractionAt: hoursAgo(48) });
      await add({ reference: 'quo-47h', status: 'quoted', lastInteractionAt: hoursAgo(47.99) });
      await add({
        reference: 'cla-under',
        status: 'clarifying',
        lastInteractionAt: new Date(hoursAgo(48).getTime() + MS),
      });
      await add({ reference: 'con-100h', status: 'contacted', lastInteractionAt: hoursAgo(100) });
      await add({ reference: 'rej-old', status: 'rejected', lastInteractionAt: hoursAgo(5000) });
      await add({ reference: 'conv-old', status: 'converted', lastInteractionAt: hoursAgo(5000) });
    });

    it('keeps level 1 and above, at exactly the thresholds, never rejected or converted', async () => {
      expect(refs(await list('late=true')).sort()).toEqual(['con-100h', 'quo-48h', 'req-12h', 'wait-13h']);
      expect((await list('late=false')).total).toBe(9);
      expect(refs(await list('late=true&status=quoted,rejected'))).toEqual(['quo-48h']);
    });

    it("follows the injected clock, not the machine's", async () => {
      now = new Date(NOW.getTime() + 2 * MS);
      expect(refs(await list('late=true')).sort()).toEqual([
        'cla-under',
        'con-100h',
        'quo-48h',
        'req-12h',
        'req-under',
        'wait-13h',
      ]);
    });
  });

  it('orders starred first, then by last interaction, newest first, then by newest id', async () => {
    await add({ reference: 'old-star', starred: true, lastInteractionAt: hoursAgo(300) });
    await add({ reference: 'recent', lastInteractionAt: hoursAgo(1) });
    await add({ reference: 'older', lastInteractionAt: hoursAgo(5) });
    await add({ reference: 'new-star', starred: true, lastInteractionAt: hoursAgo(2) });
    await add({ reference: 'tie-a', lastInteractionAt: hoursAgo(3) });
    await add({ reference: 'tie-b', lastInteractionAt: hoursAgo(3) });
    expect(refs(await list())).toEqual(['new-star', 'old-star', 'recent', 'tie-b', 'tie-a', 'older']);
  });

  describe('paging', () => {
    async function allPages(query: string, limit: number) {
      const seen: string[] = [];
      const totals = new Set<number>();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r: LeadListResponse = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(r.items.length).toBeLessThanOrEqual(limit);
        seen.push(...refs(r));
        totals.add(r.total);
        cursor = r.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      return { seen, totals, pages };
    }

    it('walks every row once, in order, across ties in last interaction (to the microsecond)', async () => {
      const made: string[] = [];
      for (let i = 0; i < 23; i++) {
        // Groups of four share an instant; every fifth lead is starred.
        const lead = await add({
          reference: `R${i}`,
          starred: i % 5 === 0,
          lastInteractionAt: hoursAgo(Math.floor(i / 4)),
        });
        made.push(lead.reference);
      }
      // Two leads a microsecond apart: a millisecond cursor would repeat or skip one of them.
      await t.database.db.execute(
        sql`update leads set last_interaction_at = '2026-11-19T10:00:00.123456Z' where reference = 'R21'`,
      );
      await t.database.db.execute(
        sql`update leads set last_interaction_at = '2026-11-19T10:00:00.123457Z' where reference = 'R22'`,
      );
      const expected = refs(await list('limit=200'));
      expect(expected).toHaveLength(23);
      expect(expected.slice(0, 5)).toEqual(['R0', 'R5', 'R10', 'R15', 'R20']);

      // Without a search the page is an index walk; with one, a sort of the search's matches.
      for (const [query, limit] of [
        ['status=requested', 1],
        ['status=requested', 4],
        ['status=requested', 7],
        ['search=r', 1],
        ['search=r&status=requested', 5],
      ] as const) {
        const { seen, totals, pages } = await allPages(query, limit);
        expect(seen, `${query} limit ${limit}`).toEqual(expected);
        expect([...totals]).toEqual([23]);
        expect(pages).toBe(Math.ceil(23 / limit));
      }
    });

    it(`pages ${LEADS_PAGE_SIZE} by default and pages a search with filters too`, async () => {
      for (let i = 0; i < LEADS_PAGE_SIZE + 3; i++)
        await add({ firstName: i % 2 ? 'Golfer' : 'Other', status: i % 3 ? 'requested' : 'quoted' });
      const first = await list();
      expect(first.items).toHaveLength(LEADS_PAGE_SIZE);
      expect(first.total).toBe(LEADS_PAGE_SIZE + 3);
      const second = await list(`cursor=${first.nextCursor}`);
      expect(second.items).toHaveLength(3);
      expect(second.nextCursor).toBeNull();

      const golfersRequested = Array.from({ length: LEADS_PAGE_SIZE + 3 }, (_, i) => i).filter(
        (i) => i % 2 && i % 3,
      ).length;
      const { seen, totals } = await allPages('search=golf&status=requested', 4);
      expect(new Set(seen).size).toBe(golfersRequested);
      expect(seen).toHaveLength(golfersRequested);
      expect([...totals]).toEqual([golfersRequested]);
    });

    it('answers 400 to a malformed cursor', async () => {
      await add();
      const good = Buffer.from('0|2026-11-20T10:00:00.000000Z|5').toString('base64url');
      expect((await get(`/api/leads?cursor=${good}`)).statusCode).toBe(200);
      const bad = [
        'abc',
        '!!!!',
        Buffer.from('0|yesterday|5').toString('base64url'),
        Buffer.from('2|2026-11-20T10:00:00.000000Z|5').toString('base64url'),
        Buffer.from('1|2026-11-20T10:00:00.000000Z|99999999999').toString('base64url'),
        Buffer.from('1|2026-13-45T10:00:00.000000Z|1').toString('base64url'),
      ];
      for (const cursor of bad) {
        const res = await get(`/api/leads?cursor=${cursor}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          message: 'Invalid cursor: pass the nextCursor of the previous page unchanged',
        });
      }
    });
  });

  describe('total and hidden matches', () => {
    beforeEach(async () => {
      await add({ firstName: 'Golf1', status: 'requested', emailSource: 'geral', lastInteractionAt: hoursAgo(20) }); // shown
      await add({ firstName: 'Golf2', status: 'requested', emailSource: 'geral', lastInteractionAt: hoursAgo(1) }); // not late
      await add({ firstName: 'Golf3', status: 'rejected', emailSource: 'geral', lastInteractionAt: hoursAgo(1) }); // status + late
      await add({ firstName: 'Golf4', status: 'quoted', emailSource: 'comercial', lastInteractionAt: hoursAgo(100) }); // source
      await add({
        firstName: 'Golf5',
        status: 'converted',
        emailSource: 'comercial',
        lastInteractionAt: hoursAgo(100),
      }); // status, source, late
      await add({ firstName: 'Polo', status: 'requested', emailSource: 'geral', lastInteractionAt: hoursAgo(20) }); // not a match
    });
    const DEFAULT = 'status=requested,quoted,clarifying,waiting,contacted&source=geral';

    it('counts the filtered matches and, per filter, the search matches it hides', async () => {
      const r = await list(`search=golf&${DEFAULT}&late=true`);
      expect(refs(r)).toHaveLength(1);
      expect(r.items[0]!.firstName).toBe('Golf1');
      expect(r.total).toBe(1);
      expect(r.hidden).toEqual({ total: 4, byStatus: 2, bySource: 2, byLate: 3 });

      expect((await list(`search=golf&${DEFAULT}`)).hidden).toEqual({ total: 3, byStatus: 2, bySource: 2, byLate: 0 });
      expect((await list('search=golf')).hidden).toEqual({ total: 0, byStatus: 0, bySource: 0, byLate: 0 });
      expect((await list('search=golf&status=')).hidden).toEqual({ total: 5, byStatus: 5, bySource: 0, byLate: 0 });
      const none = await list('search=zzz&status=requested');
      expect(none).toMatchObject({ total: 0, hidden: { total: 0, byStatus: 0, bySource: 0, byLate: 0 } });
    });

    it('gives no hidden counts without a search, and a total over all pages', async () => {
      const r = await list(`${DEFAULT}&limit=1`);
      expect(r).toMatchObject({ total: 3, hidden: null });
      expect(r.items).toHaveLength(1);
      expect(r.nextCursor).not.toBeNull();
    });
  });

  describe('seen and mark all as read', () => {
    const markAll = async (as = cookie) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/leads/mark-all-seen', headers: { cookie: as } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number };
    };
    const seenMap = async (as = cookie) =>
      Object.fromEntries((await list('', as)).items.map((i) => [i.reference, i.seen]));

    it("counts this user's unseen leads, marks them seen for this user only, and counts 0 the second time", async () => {
      const other = await t.loginAs('user');
      await add({ reference: 'S1', createdAt: hoursAgo(30) });
      await add({ reference: 'S2', createdAt: hoursAgo(3) });
      const opened = await add({ reference: 'S3', createdAt: hoursAgo(2) });
      await add({ reference: 'S4', createdAt: hoursAgo(1) });
      await t.database.db.insert(userLeadViews).values({ userId, leadId: opened.id });
      expect(await seenMap()).toEqual({ S1: false, S2: false, S3: true, S4: false });

      expect(await markAll()).toEqual({ count: 3 });
      expect(await seenMap()).toEqual({ S1: true, S2: true, S3: true, S4: true });
      expect(await seenMap(other.cookie)).toEqual({ S1: false, S2: false, S3: false, S4: false });
      const [me] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(me!.leadsSeenBefore!.toISOString()).toBe(NOW.toISOString());

      expect(await markAll()).toEqual({ count: 0 });
      expect(await markAll(other.cookie)).toEqual({ count: 4 });
    });

    it('leaves leads that arrive later unseen, and never moves the watermark back', async () => {
      await markAll();
      now = new Date(NOW.getTime() + 2 * 3_600_000);
      await add({ reference: 'LATER', createdAt: new Date(NOW.getTime() + 3_600_000) });
      expect((await seenMap()).LATER).toBe(false);
      expect(await markAll()).toEqual({ count: 1 });
      expect((await seenMap()).LATER).toBe(true);

      now = NOW; // a clock behind the stored watermark
      expect(await markAll()).toEqual({ count: 0 });
      const [me] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(me!.leadsSeenBefore!.getTime()).toBe(NOW.getTime() + 2 * 3_600_000);
    });
  });
});
