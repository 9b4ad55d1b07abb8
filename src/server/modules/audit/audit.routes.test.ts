import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENTS, AUDIT_PAGE_SIZE, type AuditLogPage } from '#shared/schemas/audit.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The security audit log card (ADR 029): the latest 20 events, then older
// pages, filtered by event type and username. Admins only.
describe('GET /api/admin/security-audit-logs', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('admin'));
    // 45 events: three users, two event types, one a minute apart.
    const base = Date.parse('2026-11-20T09:00:00Z');
    for (let i = 0; i < 45; i++) {
      await t.services.audit.record({
        event: i % 3 === 0 ? 'login_failure' : 'login_success',
        username: ['ana', 'bruno', 'carla'][i % 3],
        ipAddress: `198.51.100.${i}`,
        details: `event ${i}`,
        timestamp: new Date(base + i * 60_000),
      });
    }
  });
  afterAll(() => t.close());

  const get = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/security-audit-logs${query}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditLogPage;
  };

  it('answers the latest 20 events, newest first, with event, username, address, time and details', async () => {
    const page = await get();
    expect(page.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(AUDIT_PAGE_SIZE).toBe(20);
    const ids = page.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const newest = page.entries.find((e) => e.details === 'event 44');
    expect(newest).toMatchObject({
      event: 'login_success',
      username: 'carla',
      ipAddress: '198.51.100.44',
      timestamp: '2026-11-20T09:44:00.000Z',
    });
    expect(page.nextBefore).toBe(ids[ids.length - 1]);
  });

  it("pages through older events with 'Show more' until none are left, each once", async () => {
    const seen: number[] = [];
    let page = await get();
    seen.push(...page.entries.map((e) => e.id));
    while (page.nextBefore !== null) {
      page = await get(`?before=${page.nextBefore}`);
      seen.push(...page.entries.map((e) => e.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    const all = await get('?limit=100');
    expect(seen).toEqual(all.entries.map((e) => e.id));
    expect(seen.length).toBeGreaterThanOrEqual(46); // 45 seeded and the admin's own sign-in
  });

  it('filters by event type and by username (any case), together or alone', async () => {
    const failures = await get('?event=login_failure&limit=100');
    expect(failures.entries).toHaveLength(15);
    expect(new Set(failures.entries.map((e) => e.event))).toEqual(new Set(['login_failure']));

    const bruno = await get('?username=BRUNO&limit=100');
    expect(bruno.entries).toHaveLength(15);
    expect(new Set(bruno.entries.map((e) => e.username))).toEqual(new Set(['bruno']));

    const anaFailures = await get('?event=login_failure&username=ana&limit=100');
    expect(anaFailures.entries).toHaveLength(15);
    expect(await get('?event=login_failure&username=bruno')).toEqual({ entries: [], nextBefore: null });
  });

  it('knows every event of the shared vocabulary, and refuses an unknown one (400)', async () => {
    for (const event of AUDIT_EVENTS) await get(`?event=${event}`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/security-audit-logs?event=drop_table',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ event: 'Unknown event type' });
  });

  it('answers 403 to role user and 401 to anonymous callers', async () => {
    const { cookie: userCookie } = await t.loginAs('user');
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/admin/security-audit-logs',
      headers: { cookie: userCookie },
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain('198.51.100');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/security-audit-logs' })).statusCode).toBe(401);
  });
});
