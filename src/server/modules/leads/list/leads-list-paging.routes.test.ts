import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { LEADS_PAGE_SIZE, type LeadListResponse } from '#shared/schemas/leads.ts';
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
});
