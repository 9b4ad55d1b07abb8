import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { NOTIFICATION_LIST_LIMIT } from './notifications.service.ts';

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const put = (cookie: string, url: string) => t.app.inject({ method: 'PUT', url, headers: { cookie } });
  const announce = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/notifications', headers: { cookie }, payload });
  const unreadCount = async (cookie: string) => (await get(cookie, '/api/notifications/count')).json().count as number;
  const countAll = async () => (await t.database.db.select({ id: notifications.id }).from(notifications)).length;
  const rowsOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  /** Inserts notifications for a user, one minute apart starting at `start`, in the order given. */
  async function insertFor(
    userId: number,
    titles: string[],
    start = new Date('2025-03-01T10:00:00Z'),
    extra: Partial<typeof notifications.$inferInsert> = {},
  ) {
    return t.database.db
      .insert(notifications)
      .values(
        titles.map((title, i) => ({
          userId,
          type: 'new_lead' as const,
          title,
          message: `${title} message`,
          relatedId: 100 + i,
          relatedType: 'lead',
          createdAt: new Date(start.getTime() + i * 60_000),
          ...extra,
        })),
      )
      .returning();
  }

  it("lists only the caller's notifications, newest first, in the public shape", async () => {
    const { user, cookie } = await t.loginAs('user');
    const other = await t.createUser();
    await insertFor(user.id, ['first', 'second', 'third']);
    await insertFor(other.id, ['not yours'], new Date('2025-03-01T11:00:00Z'));

    const res = await get(cookie, '/api/notifications');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((n: { title: string }) => n.title)).toEqual(['third', 'second', 'first']);
    expect(Object.keys(list[0]).sort()).toEqual([
      'createdAt',
      'id',
      'isRead',
      'message',
      'relatedId',
      'relatedType',
      'title',
      'type',
    ]);
    expect(list[0]).toMatchObject({
      type: 'new_lead',
      message: 'third message',
      relatedId: 102,
      relatedType: 'lead',
      isRead: false,
      createdAt: '2025-03-01T10:02:00.000Z',
    });
  });

  it('orders notifications created at the same instant by newest id', async () => {
    const { user, cookie } = await t.loginAs('user');
    const at = new Date('2025-04-01T09:00:00Z');
    await insertFor(user.id, ['older'], at);
    await insertFor(user.id, ['newer'], at);
    expect((await get(cookie, '/api/notifications')).json().map((n: { title: string }) => n.title)).toEqual([
      'newer',
      'older',
    ]);
  });

  it(`shows at most the latest ${NOTIFICATION_LIST_LIMIT}, while the count covers all unread`, async () => {
    const { user, cookie } = await t.loginAs('user');
    const titles = Array.from({ length: NOTIFICATION_LIST_LIMIT + 5 }, (_, i) => `n${i}`);
    await insertFor(user.id, titles);
    const list = (await get(cookie, '/api/notifications')).json();
    expect(list).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(list[0].title).toBe(`n${NOTIFICATION_LIST_LIMIT + 4}`);
    expect(await unreadCount(cookie)).toBe(NOTIFICATION_LIST_LIMIT + 5);
  });

  it('shows an empty list and a zero count to a user with none', async () => {
    const { cookie } = await t.loginAs('user');
    expect((await get(cookie, '/api/notifications')).json()).toEqual([]);
    expect((await get(cookie, '/api/notifications/count')).json()).toEqual({ count: 0 });
  });

  it('counts only unread notifications of the caller', async () => {
    const { user, cookie } = await t.loginAs('user');
    const other = await t.createUser();
    await insertFor(user.id, ['a', 'b', 'c']);
    await insertFor(user.id, ['read already'], undefined, { isRead: true });
    await insertFor(other.id, ['x', 'y']);
    expect(await unreadCount(cookie)).toBe(3);
  });

  it('marks one notification read', async () => {
    const { user, cookie } = await t.loginAs('user');
    const [first, second] = await insertFor(user.id, ['one', 'two']);
    const events: HubEvent[] = [];
    const unsubscribe = t.hub.subscribe((e) => events.push(e));
    const res = await put(cookie, `/api/notifications/${first!.id}/read`);
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await rowsOf(user.id);
    expect(rows.find((r) => r.id === first!.id)!.isRead).toBe(true);
    expect(rows.find((r) => r.id === second!.id)!.isRead).toBe(false);
    expect(await unreadCount(cookie)).toBe(1);
    expect(events).toEqual([{ type: 'notifications_read', data: {}, audience: { kind: 'users', userIds: [user.id] } }]);
    // Marking it again is harmless.
    expect((await put(cookie, `/api/notifications/${first!.id}/read`)).statusCode).toBe(200);
  });

  it("answers 404 to someone else's notification and leaves it unread", async () => {
    const { cookie } = await t.loginAs('user');
    const other = await t.createUser();
    const [theirs] = await insertFor(other.id, ['private']);
    const res = await put(cookie, `/api/notifications/${theirs!.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(row!.isRead).toBe(false);
  });

  it('answers 404 to an unknown id and 400 to a malformed one', async () => {
    const { cookie } = await t.loginAs('user');
    expect((await put(cookie, '/api/notifications/99999999/read')).statusCode).toBe(404);
    expect((await put(cookie, '/api/notifications/abc/read')).statusCode).toBe(400);
  });

  it('marks all read: returns how many changed, zeroes the count, and leaves others alone', async () => {
    const { user, cookie } = await t.loginAs('user');
    const other = await t.createUser();
    await insertFor(user.id, ['a', 'b', 'c']);
    await insertFor(user.id, ['done'], undefined, { isRead: true });
    await insertFor(other.id, ['theirs']);

    const res = await put(cookie, '/api/notifications/mark-all-read');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
    expect(await unreadCount(cookie)).toBe(0);
    expect((await rowsOf(user.id)).every((r) => r.isRead)).toBe(true);
    expect((await rowsOf(other.id)).map((r) => r.isRead)).toEqual([false]);

    expect((await put(cookie, '/api/notifications/mark-all-read')).json()).toEqual({ count: 0 });
  });

  describe('POST /api/notifications (announcement)', () => {
    it("creates an 'other' notification for every user but the author", async () => {
      const { user: admin, cookie } = await t.loginAs('admin');
      const { user: reader, cookie: readerCookie } = await t.loginAs('user');
      const everyone = (await t.database.db.select({ id: users.id }).from(users)).map((u) => u.id);
      const events: HubEvent[] = [];
      const unsubscribe = t.hub.subscribe((e) => events.push(e));

      const res = await announce(cookie, { title: '  Office closed  ', message: 'Closed on Friday.' });
      unsubscribe();
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ count: everyone.length - 1 });

      const created = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Office closed'));
      expect(created.map((n) => n.userId).sort((a, b) => a - b)).toEqual(
        everyone.filter((id) => id !== admin.id).sort((a, b) => a - b),
      );
      for (const n of created)
        expect(n).toMatchObject({
          type: 'other',
          message: 'Closed on Friday.',
          createdBy: admin.id,
          isRead: false,
          relatedId: null,
        });

      expect((await get(readerCookie, '/api/notifications')).json()[0]).toMatchObject({
        type: 'other',
        title: 'Office closed',
      });
      expect(
        (await get(cookie, '/api/notifications')).json().some((n: { title: string }) => n.title === 'Office closed'),
      ).toBe(false);

      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'notification_created',
        data: { type: 'other', relatedId: null },
        audience: { kind: 'users' },
      });
      const audience = events[0]!.audience as { userIds: number[] };
      expect(audience.userIds).toContain(reader.id);
      expect(audience.userIds).not.toContain(admin.id);
    });

    it('notifies only the given userIds, ignoring unknown ids', async () => {
      const { cookie } = await t.loginAs('admin');
      const a = await t.createUser();
      const b = await t.createUser();
      const c = await t.createUser();
      const res = await announce(cookie, {
        title: 'Just you two',
        message: 'Meeting at 3.',
        userIds: [a.id, c.id, 987654],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ count: 2 });
      const created = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Just you two'));
      expect(created.map((n) => n.userId).sort((x, y) => x - y)).toEqual([a.id, c.id].sort((x, y) => x - y));
      expect(await rowsOf(b.id)).toEqual([]);
    });

    it('works through the service too (notify) with related ids', async () => {
      const target = await t.createUser();
      const n = await t.services.notifications.notify(
        { type: 'new_lead', title: 'New lead L10001', message: 'Ana wants a Golf', relatedId: 42, relatedType: 'lead' },
        { userIds: [target.id] },
      );
      expect(n).toBe(1);
      const [row] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, target.id), eq(notifications.type, 'new_lead')));
      expect(row).toMatchObject({ title: 'New lead L10001', relatedId: 42, relatedType: 'lead', createdBy: null });
    });

    it("answers 400 'Title is required' to a blank title and stores nothing", async () => {
      const { cookie } = await t.loginAs('admin');
      const before = await countAll();
      for (const title of ['', '    ']) {
        const res = await announce(cookie, { title, message: 'Body' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          message: 'Title is required',
          fields: { title: 'Title is required' },
        });
      }
      const blankMessage = await announce(cookie, { title: 'Title', message: '  ' });
      expect(blankMessage.statusCode).toBe(400);
      expect(blankMessage.json().fields).toEqual({ message: 'Message is required' });
      const after = await countAll();
      expect(after).toBe(before);
    });

    it('answers 403 to role user and stores nothing', async () => {
      const { cookie } = await t.loginAs('user');
      const before = await countAll();
      const res = await announce(cookie, { title: 'Not allowed', message: 'Nope' });
      expect(res.statusCode).toBe(403);
      const after = await countAll();
      expect(after).toBe(before);
    });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/count' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/mark-all-read' })).statusCode).toBe(401);
  });
});
