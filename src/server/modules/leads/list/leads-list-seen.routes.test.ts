import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { leads, userLeadViews } from '#server/db/schema/leads.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { type LeadListResponse } from '#shared/schemas/leads.ts';
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
  const add = (over: Parameters<typeof addLead>[1] = {}) => addLead(t.database.db, over);

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

    it("reads a customer's unopened e-mail too: a second click counts 0 (docs/rulings.md ruling 21)", async () => {
      const replied = await add({ reference: 'R1', createdAt: hoursAgo(5), staffUnread: true });
      const unread = async () =>
        (await t.database.db.select().from(leads).where(eq(leads.id, replied.id)))[0]!.staffUnread;
      expect(await unread()).toBe(true);
      expect((await seenMap()).R1).toBe(false);
      expect(await markAll()).toEqual({ count: 1 });
      expect(await unread()).toBe(false);
      expect((await seenMap()).R1).toBe(true);
      expect(await markAll()).toEqual({ count: 0 });
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
