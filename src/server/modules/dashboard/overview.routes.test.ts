import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_FIXTURE_TOTALS as T,
  FIXTURE_NOW,
  FIXTURE_PERIOD,
  insertDashboardFixture,
} from '#test/dashboard-fixture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /api/dashboard/overview (ADR 067)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => FIXTURE_NOW } });
    const session = await t.loginAs('user');
    cookie = session.cookie;
    await insertDashboardFixture(t.database.db, session.user.id);
  });
  afterAll(() => t.close());

  const overview = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/overview?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const march = `period=custom&from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`;

  it('computes every figure of the fixture month to the cent', async () => {
    const o = await overview(march);
    expect(o.period).toEqual({
      period: 'custom',
      from: '2025-03-01',
      to: '2025-03-31',
      days: 31,
      previousFrom: '2025-01-29',
      previousTo: '2025-02-28',
    });
    expect(o.cards).toEqual({
      leads: { value: T.leads, trend: { change: 700, period: 'vs previous 31 days' } },
      activeImports: { value: 1 },
      completedImports: { value: T.completed, trend: { change: 100, period: 'vs previous 31 days' } },
      revenue: { value: T.revenue, trend: { change: 205.6, period: 'vs previous 31 days' } },
      profit: { value: T.profit, trend: { change: 122.2, period: 'vs previous 31 days' } },
    });
    const totals = Object.fromEntries(
      o.leadsPerWeek.sources.map((s: { key: string; total: number }) => [s.key, s.total]),
    );
    expect(totals).toEqual(T.leadsBySource);
    expect(o.leadsPerWeek.sources[0]).toEqual({ key: 'form:google', label: 'Form · google', kind: 'form', total: 2 });
    expect(o.leadsPerWeek.weeks.map((w: { week: string }) => w.week)).toEqual(T.weeks);
    expect(o.leadsPerWeek.weeks[0].counts['form:google']).toBe(0);
    expect(o.leadsPerWeek.weeks[1].counts['form:google']).toBe(2);
    expect(o.leadsPerWeek.weeks[5].counts.extension).toBe(1);
    expect(o.funnel).toEqual({
      ...T.funnel,
      lostReasons: [
        { reason: 'found_elsewhere', count: 1 },
        { reason: 'no_answer', count: 1 },
        { reason: 'price', count: 1 },
      ],
    });
    expect(o.firstReply).toEqual(T.firstReply);
    expect(o.moneyPerMonth).toEqual({
      months: [{ month: '2025-03', imports: 2, revenue: T.revenue, costs: T.costs, profit: T.profit }],
      revenue: T.revenue,
      costs: T.costs,
      profit: T.profit,
    });
    const stage = (s: string) => o.stages.find((x: { status: string }) => x.status === s);
    expect(stage('delivered')).toEqual({ status: 'delivered', count: 1, averageDays: null });
    expect(stage('canceled')).toEqual({ status: 'canceled', count: 1, averageDays: null });
    expect(stage('confirmed')).toEqual({ status: 'confirmed', count: 0, averageDays: T.confirmedAverageDays });
    // In transit: 10 days, and 21.08 days so far (25 March 10:00 to 15 April 12:00).
    expect(stage('in_transit')).toEqual({ status: 'in_transit', count: 1, averageDays: 15.5 });
    expect(stage('arrived')).toEqual({ status: 'arrived', count: 0, averageDays: null });
    expect(o.owed).toEqual(T.owed);
  });

  it('resolves the presets with the clock in Lisbon', async () => {
    expect((await overview('period=this_month')).period).toMatchObject({
      from: '2025-04-01',
      to: '2025-04-15',
      days: 15,
    });
    expect((await overview('period=last_30_days')).period).toMatchObject({ from: '2025-03-17', to: '2025-04-15' });
    expect((await overview('period=last_90_days')).period).toMatchObject({ from: '2025-01-16', to: '2025-04-15' });
    const year = await overview('period=this_year');
    expect(year.period).toMatchObject({ from: '2025-01-01', to: '2025-04-15', days: 105 });
    expect(year.cards.leads.value).toBe(10);
    // Nothing the year before: no made-up percentage.
    expect(year.cards.leads.trend.change).toBeNull();
    const empty = await overview('period=custom&from=2020-01-01&to=2020-01-31');
    expect(empty.cards.revenue).toEqual({ value: '0.00', trend: { change: 0, period: 'vs previous 31 days' } });
    expect(empty.funnel.quotedRate).toBeNull();
    expect(empty.firstReply).toEqual({ replied: 0, unanswered: 0, medianHours: null, p90Hours: null });
  });

  it('refuses a bad period with a message and answers 401 to anonymous callers', async () => {
    const bad = async (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/dashboard/overview?${q}`, headers: { cookie } });
    expect((await bad('period=custom&from=2025-03-01')).statusCode).toBe(400);
    expect((await bad('period=custom&from=2025-03-31&to=2025-03-01')).json().message).toMatch(/before the start/);
    expect((await bad('period=custom&from=2015-01-01&to=2025-03-01')).json().message).toMatch(/at most 1830 days/);
    expect((await bad('period=custom&from=2025-02-30&to=2025-03-01')).statusCode).toBe(400);
    expect((await bad('period=forever')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/overview' })).statusCode).toBe(401);
  });
});
