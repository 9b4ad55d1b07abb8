// The listing watch against a local stand-in marketplace (ADR 068): a listing that disappears, one
// whose price changes and one behind a bot wall, read by the real job through the jobs runner, the
// safe fetcher and the listing reader.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '#server/db/schema/messaging.ts';
import { leadTimeline } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { listingWatchJob } from '#server/jobs/listing-watch.job.ts';
import { captureLog, testClock } from '#server/jobs/jobs.test-helpers.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { createListingPageFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { insertLead, insertProposal } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createListingWatchService } from './listing-watch.service.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/listings/fixtures');
/** An AutoScout24 advert: VW Golf, € 18.950, 62 310 km. */
const LISTING = readFileSync(path.join(FIXTURES, 'as24-nl-no-net.html'), 'utf8');
const BOT_WALL = readFileSync(path.join(FIXTURES, 'block-akamai-mobile-de.html'), 'utf8');

type PageState = 'listing' | 'gone' | 'cheaper' | 'blocked' | 'busy';

/** The stand-in marketplace: each car's page answers as the test sets it, and every request is counted. */
async function startMarketplace() {
  const state = new Map<string, PageState>();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const car = (req.url ?? '').replace(/^\/car\//, '');
    hits.push(car);
    const page = state.get(car) ?? 'gone';
    if (page === 'gone') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    if (page === 'blocked') return void res.writeHead(403, { 'content-type': 'text/html' }).end(BOT_WALL);
    if (page === 'busy') return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Busy</h1>');
    const html = page === 'cheaper' ? LISTING.replaceAll('€ 18.950', '€ 17.900') : LISTING;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    state,
    hits,
    url: (car: string) => `${origin}/car/${car}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('listing watch (ADR 068)', () => {
  let t: TestApp;
  let market: Awaited<ReturnType<typeof startMarketplace>>;
  let cookie: string;
  let staffId: number;
  const clock = testClock('2026-12-02T09:00:00Z');

  beforeAll(async () => {
    market = await startMarketplace();
    t = await createTestApp({ clock, listingFetchTestOrigin: market.origin });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    staffId = signedIn.user.id;
  });
  afterAll(async () => {
    await t.close();
    await market.close();
  });

  // The real job and adapter; only the pause between two reads of one host is shortened.
  const runner = () => {
    const watch = createListingWatchService({
      db: t.database.db,
      hub: t.hub,
      clock,
      fetcher: createListingPageFetcher({ testOrigin: market.origin }),
      notifications: t.services.notifications,
      enabled: () => t.services.settings.listingWatchEnabled(),
      testOrigin: market.origin,
      limits: { hostGapMs: 20 },
    });
    return createJobRunner({ db: t.database.db, jobs: [listingWatchJob(watch)], log: captureLog().log, clock });
  };

  const quoted = async (car: string, over: Partial<Parameters<typeof insertProposal>[1]> = {}) => {
    const lead = await insertLead(t.database.db, { firstName: 'Rui', lastName: car, status: 'quoted' });
    return insertProposal(t.database.db, {
      leadId: lead.id,
      vehicleBrand: 'Volkswagen',
      vehicleModel: 'Golf',
      vehiclePrice: '18950.00',
      vehicleMileage: 62310,
      sourceListing: market.url(car),
      sentAt: new Date('2026-12-01T15:00:00Z'),
      ...over,
    });
  };
  const row = async (id: number) => (await t.database.db.select().from(proposals).where(eq(proposals.id, id)))[0]!;
  const told = () =>
    t.database.db
      .select({ message: notifications.message, relatedId: notifications.relatedId })
      .from(notifications)
      .where(and(eq(notifications.userId, staffId), eq(notifications.title, 'Quoted listing changed')));
  const timeline = (leadId: number) => t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, leadId));

  it('marks and tells the removed and the repriced listing, and retries the blocked one', async () => {
    const gone = await quoted('gone');
    const cheaper = await quoted('cheaper');
    const walled = await quoted('walled');
    // Not watched: never sent, converted, rejected.
    const unsent = await quoted('unsent', { sentAt: null });
    const converted = await quoted('converted');
    await t.database.db
      .update(proposals)
      .set({ leadId: (await insertLead(t.database.db, { status: 'converted' })).id })
      .where(eq(proposals.id, converted.id));
    for (const car of ['gone', 'cheaper', 'walled', 'unsent', 'converted']) market.state.set(car, 'listing');

    // Day 1: every listing as quoted: read, nothing marked, nobody told.
    expect(await runner().runNow('listing-watch')).toMatchObject({
      status: 'succeeded',
      details: { read: 3, changed: 0, retried: 0 },
    });
    expect(market.hits.sort()).toEqual(['cheaper', 'gone', 'walled']);
    expect((await row(gone.id)).listingChange).toBeNull();
    expect(await told()).toEqual([]);

    // Next day: the first is gone, the second is cheaper, the third is behind a bot wall.
    market.state.set('gone', 'gone');
    market.state.set('cheaper', 'cheaper');
    market.state.set('walled', 'blocked');
    market.hits.length = 0;
    clock.set('2026-12-03T11:00:00Z');
    expect(await runner().runNow('listing-watch')).toMatchObject({
      status: 'succeeded',
      details: { read: 2, changed: 2, retried: 1 },
    });
    expect(market.hits.sort()).toEqual(['cheaper', 'gone', 'walled']);
    expect((await row(gone.id)).listingChange).toEqual({ kind: 'removed', at: '2026-12-03T11:00:00.000Z' });
    expect((await row(cheaper.id)).listingChange).toEqual({
      kind: 'changed',
      at: '2026-12-03T11:00:00.000Z',
      price: { was: '18950.00', now: '17900.00', currency: 'EUR' },
    });
    // Blocked is never removed: nothing marked, tried again in an hour.
    const blocked = await row(walled.id);
    expect(blocked).toMatchObject({ listingChange: null, listingBlockedCount: 1 });
    expect(blocked.listingNextCheckAt).toEqual(new Date('2026-12-03T12:00:00Z'));
    expect(blocked.listingCheckedAt).toEqual(new Date('2026-12-02T09:00:00Z'));

    const messages = (await told()).map((n) => n.message).sort();
    expect(messages).toEqual([
      'Listing removed on 3 Dec: Volkswagen Golf for Rui gone (#' + (await leadRef(gone.leadId!)) + ')',
      'Price now €17\u00a0900, was €18\u00a0950: Volkswagen Golf for Rui cheaper (#' +
        (await leadRef(cheaper.leadId!)) +
        ')',
    ]);
    expect((await timeline(gone.leadId!)).map((e) => [e.description, e.metadata])).toEqual([
      [
        `Listing removed on 3 Dec: the listing of Volkswagen Golf quoted in proposal #${gone.id}.`,
        { event: 'listing_changed' },
      ],
    ]);
    expect(await timeline(walled.leadId!)).toEqual([]);

    // An hour later only the blocked one is due; still blocked (a 503 now): retried again, in 2 hours.
    market.hits.length = 0;
    market.state.set('walled', 'busy');
    clock.set('2026-12-03T12:01:00Z');
    expect(await runner().runNow('listing-watch')).toMatchObject({ details: { read: 0, retried: 1 } });
    expect(market.hits).toEqual(['walled']);
    expect(await row(walled.id)).toMatchObject({ listingChange: null, listingBlockedCount: 2 });
    expect((await row(walled.id)).listingNextCheckAt).toEqual(new Date('2026-12-03T14:01:00Z'));

    // The wall lifts: read as quoted, the count starts over.
    market.hits.length = 0;
    market.state.set('walled', 'listing');
    clock.set('2026-12-03T14:02:00Z');
    expect(await runner().runNow('listing-watch')).toMatchObject({ details: { read: 1, changed: 0, retried: 0 } });
    expect(await row(walled.id)).toMatchObject({ listingChange: null, listingBlockedCount: 0 });

    // A day on, the same news is not told twice; the never-sent and converted ones were never read.
    market.hits.length = 0;
    clock.set('2026-12-04T13:00:00Z');
    expect(await runner().runNow('listing-watch')).toMatchObject({ details: { read: 2, changed: 0 } });
    expect(market.hits.sort()).toEqual(['cheaper', 'gone']);
    expect(await told()).toHaveLength(2);
    expect((await row(gone.id)).listingChange).toEqual({ kind: 'removed', at: '2026-12-03T11:00:00.000Z' });
    expect((await row(unsent.id)).listingCheckedAt).toBeNull();
    expect((await row(converted.id)).listingCheckedAt).toBeNull();
  });

  it('does nothing while Settings turn it off', async () => {
    const admin = await t.loginAs('admin');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin.cookie },
      payload: { listingWatchEnabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ listingWatchEnabled: false });
    await quoted('later');
    market.state.set('later', 'gone');
    market.hits.length = 0;
    clock.set('2026-12-06T13:00:00Z');
    expect(await runner().runNow('listing-watch')).toMatchObject({ details: { off: true, read: 0 } });
    expect(market.hits).toEqual([]);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin.cookie },
      payload: { listingWatchEnabled: true },
    });
    expect(on.json()).toMatchObject({ listingWatchEnabled: true });
  });

  it("'Check listing now' reads one listing at once; staff only", async () => {
    const p = await quoted('now');
    market.state.set('now', 'cheaper');
    const url = `/api/proposals/${p.id}/listing-check`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'read',
      proposal: { id: p.id, listingChange: { kind: 'changed', price: { was: '18950.00', now: '17900.00' } } },
    });
    market.state.set('now', 'blocked');
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie } })).json()).toMatchObject({
      outcome: 'retry',
      proposal: { listingChange: { kind: 'changed' } },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/999999/listing-check',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  async function leadRef(leadId: number) {
    const { leads } = await import('#server/db/schema/leads.ts');
    return (await t.database.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.reference;
  }
});
