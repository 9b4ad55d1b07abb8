import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /api/isv/tables-notice', () => {
  let now = new Date('2026-11-28T10:00:00Z');
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({ cookie } = await t.loginAs('admin'));
  });
  afterAll(() => t.close());

  const notice = async (headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: '/api/isv/tables-notice', headers });

  it('tells admins from 1 December (Lisbon) that next year has no tables yet, and not before', async () => {
    expect((await notice()).json()).toEqual({ notice: null });
    now = new Date('2026-12-01T00:30:00Z');
    // Sessions expire across such jumps of the clock: sign in again at each date.
    ({ cookie } = await t.loginAs('admin'));
    expect((await notice()).json().notice).toMatch(
      /^The 2027 vehicle-tax tables are not in the app yet: declarations from 1 January 2027 use 2026's tables/,
    );
    now = new Date('2027-01-10T09:00:00Z');
    ({ cookie } = await t.loginAs('admin'));
    expect((await notice()).json().notice).toMatch(/^The 2027 vehicle-tax tables/);
  });

  it('is for admins only', async () => {
    expect((await notice({})).statusCode).toBe(401);
    const { cookie: user } = await t.loginAs('user');
    expect((await notice({ cookie: user })).statusCode).toBe(403);
  });
});
