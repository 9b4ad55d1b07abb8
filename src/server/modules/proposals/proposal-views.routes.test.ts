import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Database } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { proposals, proposalViewVisits } from '#server/db/schema/proposals.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { VIEW_DEDUPE_MS } from './proposal-public.ts';

const START = new Date('2026-03-15T10:00:00Z').getTime();
const MINUTE = 60_000;

/** A clock the test moves by hand. */
function manualClock() {
  let now = START;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

let seq = 0;
/** A lead with one proposal, straight into the database; answers the proposal's ids. */
async function newProposal(database: Database) {
  seq += 1;
  const [lead] = await database.db
    .insert(leads)
    .values({
      reference: `PV${process.pid}x${seq}`,
      firstName: 'Rui',
      lastName: 'Lopes',
      email: `rui${seq}@example.pt`,
      vehicleMake: 'BMW',
      vehicleModel: '320d',
    })
    .returning({ id: leads.id });
  const [proposal] = await database.db
    .insert(proposals)
    .values({ publicId: randomUUID(), leadId: lead!.id, vehicleBrand: 'BMW', vehicleModel: '320d' })
    .returning({ id: proposals.id, publicId: proposals.publicId });
  return proposal!;
}

const view = async (t: TestApp, publicId: string, remoteAddress: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/proposals/public/${publicId}/view`, remoteAddress });
  expect(res.statusCode).toBe(200);
  return (res.json() as { counted: boolean }).counted;
};

const viewCount = async (database: Database, id: number) =>
  (await database.db.select({ n: proposals.viewCount }).from(proposals).where(eq(proposals.id, id)))[0]!.n;

describe('proposal views on one instance', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('counts a visitor again once the window has passed, and forgets expired visitors', async () => {
    const { id, publicId } = await newProposal(t.database);
    expect(await view(t, publicId, '198.51.100.1')).toBe(true);
    expect(await view(t, publicId, '198.51.100.2')).toBe(true);
    clock.advance(VIEW_DEDUPE_MS - MINUTE);
    expect(await view(t, publicId, '198.51.100.1')).toBe(false);
    clock.advance(MINUTE);
    expect(await view(t, publicId, '198.51.100.1')).toBe(true);
    expect(await viewCount(t.database, id)).toBe(3);

    // Visitor 2's row expired and went with that counted view; no address is stored in clear.
    const visits = await t.database.db.select().from(proposalViewVisits).where(eq(proposalViewVisits.proposalId, id));
    expect(visits).toHaveLength(1);
    expect(visits[0]!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(visits[0]!.lastCountedAt).toEqual(clock.now());
  });

  it('answers 404 for an unknown proposal and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/proposals/public/${randomUUID()}/view` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('proposal views on two instances sharing one PostgreSQL', () => {
  const clock = manualClock();
  let database: Database;
  let second: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Instance B has its own connection pool to the same database, as a second process would.
    second = await openDb({ databaseUrl: database.url!, poolSize: 5 });
    a = await createTestApp({ database, clock });
    b = await createTestApp({ database: second, clock });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.close();
  });

  it("counts one visitor's reload through the other instance once", async () => {
    const { id, publicId } = await newProposal(database);
    expect(await view(a, publicId, '203.0.113.7')).toBe(true);
    expect(await view(b, publicId, '203.0.113.7')).toBe(false);
    expect(await view(b, publicId, '203.0.113.8')).toBe(true);
    expect(await viewCount(database, id)).toBe(2);
    clock.advance(VIEW_DEDUPE_MS);
    expect(await view(b, publicId, '203.0.113.7')).toBe(true);
    expect(await viewCount(database, id)).toBe(3);
  });

  it('counts one of two simultaneous views of one visitor, and both of two visitors without deadlock', async () => {
    const { id, publicId } = await newProposal(database);
    const same = await Promise.all([view(a, publicId, '203.0.113.20'), view(b, publicId, '203.0.113.20')]);
    expect(same.filter(Boolean)).toHaveLength(1);
    // Two visitors counted before: both rows have expired, so each view updates one and prunes the other's.
    expect(await view(a, publicId, '203.0.113.21')).toBe(true);
    clock.advance(VIEW_DEDUPE_MS);
    const two = await Promise.all([view(a, publicId, '203.0.113.20'), view(b, publicId, '203.0.113.21')]);
    expect(two).toEqual([true, true]);
    expect(await viewCount(database, id)).toBe(4);
  });
});
