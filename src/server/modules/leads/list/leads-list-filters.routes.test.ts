import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { type LeadListResponse } from '#shared/schemas/leads.ts';
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
});
