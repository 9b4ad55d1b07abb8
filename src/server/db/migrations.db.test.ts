import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import * as schema from './schema/index.ts';
import { users } from './schema/auth.ts';
import { imports } from './schema/imports.ts';
import { leads, leadTimeline, userLeadViews } from './schema/leads.ts';
import { proposals } from './schema/proposals.ts';
import { createTestDatabase } from '#test/test-db.ts';

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
async function pgErrorCode(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  throw new Error('the query succeeded');
}

describe('the migrated database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  let n = 0;
  const newUser = () =>
    database.db
      .insert(users)
      .values({ username: `mig-user-${++n}`, password: 'x' })
      .returning()
      .then((r) => r[0]!);
  const newLead = () =>
    database.db
      .insert(leads)
      .values({
        reference: `T${Date.now()}${++n}`,
        firstName: 'Ana',
        lastName: 'Sousa',
        email: 'Ana@Example.pt',
        vehicleMake: 'Volkswagen',
        vehicleModel: 'Golf',
      })
      .returning()
      .then((r) => r[0]!);

  it('has exactly the 29 tables of the schema', async () => {
    const expected = (Object.values(schema) as unknown[])
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(expected).toHaveLength(29);
    const actual = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(actual.map((r) => r.table_name).sort()).toEqual(expected);
  });

  it('has pg_trgm and the trigram index on the leads search text', async () => {
    const ext = await rows<{ extname: string }>(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
    const [index] = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'leads_search_trgm_idx'`,
    );
    expect(index?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    // The operator class works: a trigram similarity query runs.
    const [sim] = await rows<{ s: number }>(sql`select similarity('volkswagen golf', 'volkswagn') as s`);
    expect(Number(sim!.s)).toBeGreaterThan(0.3);
  });

  it('computes the lower-cased search text of a lead', async () => {
    const lead = await newLead();
    const [row] = await database.db.select({ searchText: leads.searchText }).from(leads).where(eq(leads.id, lead.id));
    expect(row!.searchText).toBe(`${lead.reference.toLowerCase()} ana sousa ana@example.pt volkswagen golf`);
  });

  it('keeps exact money columns: leads.budget numeric(15,2), proposals.vehicle_price numeric(10,2)', async () => {
    const cols = await rows<{
      table_name: string;
      column_name: string;
      data_type: string;
      numeric_precision: number;
      numeric_scale: number;
    }>(sql`
      select table_name, column_name, data_type, numeric_precision, numeric_scale from information_schema.columns
      where table_schema = 'public' and (table_name, column_name) in (('leads', 'budget'), ('proposals', 'vehicle_price'), ('imports', 'vehicle_price'))
      order by table_name`);
    expect(
      cols.map((c) => [c.table_name, c.column_name, c.data_type, Number(c.numeric_precision), Number(c.numeric_scale)]),
    ).toEqual([
      ['imports', 'vehicle_price', 'numeric', 15, 2],
      ['leads', 'budget', 'numeric', 15, 2],
      ['proposals', 'vehicle_price', 'numeric', 10, 2],
    ]);
    // And the value round-trips exactly as a decimal string.
    const [lead] = await database.db
      .insert(leads)
      .values({
        reference: `B${++n}`,
        firstName: 'B',
        vehicleMake: 'BMW',
        vehicleModel: '320d',
        budget: '1234567890123.45',
      })
      .returning();
    expect(lead!.budget).toBe('1234567890123.45');
  });

  it('defaults a proposal to 2000.00 transport and 340.00 registration', async () => {
    const [proposal] = await database.db.insert(proposals).values({ publicId: crypto.randomUUID() }).returning();
    expect(proposal).toMatchObject({
      transportCost: '2000.00',
      registrationFee: '340.00',
      wltpValue: true,
      registrationCountry: 'eu',
      imageUrls: [],
    });
  });

  it('deleting a lead deletes its timeline, proposals and views, but keeps its imports (lead_id set to null)', async () => {
    const user = await newUser();
    const lead = await newLead();
    const other = await newLead();
    await database.db.insert(leadTimeline).values([
      { leadId: lead.id, type: 'call', title: 'Called' },
      { leadId: lead.id, type: 'email', title: 'Wrote' },
      { leadId: other.id, type: 'chat', title: 'Other lead' },
    ]);
    await database.db.insert(proposals).values([
      { publicId: crypto.randomUUID(), leadId: lead.id },
      { publicId: crypto.randomUUID(), leadId: other.id },
    ]);
    await database.db.insert(userLeadViews).values({ userId: user.id, leadId: lead.id });
    const [imp] = await database.db
      .insert(imports)
      .values({ leadId: lead.id, clientName: 'Ana Sousa', vehicleMake: 'Volkswagen', vehicleModel: 'Golf' })
      .returning();

    await database.db.delete(leads).where(eq(leads.id, lead.id));

    expect(await database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id))).toEqual([]);
    expect(await database.db.select().from(proposals).where(eq(proposals.leadId, lead.id))).toEqual([]);
    expect(await database.db.select().from(userLeadViews).where(eq(userLeadViews.leadId, lead.id))).toEqual([]);
    const [kept] = await database.db.select().from(imports).where(eq(imports.id, imp!.id));
    expect(kept).toMatchObject({ id: imp!.id, leadId: null, clientName: 'Ana Sousa' });
    // The other lead's rows are untouched.
    expect(await database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, other.id))).toHaveLength(1);
    expect(await database.db.select().from(proposals).where(eq(proposals.leadId, other.id))).toHaveLength(1);
  });

  it('records a lead as seen once per user', async () => {
    const [u1, u2] = [await newUser(), await newUser()];
    const lead = await newLead();
    await database.db.insert(userLeadViews).values({ userId: u1.id, leadId: lead.id });
    await database.db.insert(userLeadViews).values({ userId: u2.id, leadId: lead.id }); // another user: fine
    expect(await pgErrorCode(database.db.insert(userLeadViews).values({ userId: u1.id, leadId: lead.id }))).toBe(
      '23505',
    );
    // The upsert the leads module relies on targets exactly that constraint.
    await database.db
      .insert(userLeadViews)
      .values({ userId: u1.id, leadId: lead.id })
      .onConflictDoUpdate({ target: [userLeadViews.userId, userLeadViews.leadId], set: { seenAt: new Date() } });
    expect(await database.db.select().from(userLeadViews).where(eq(userLeadViews.leadId, lead.id))).toHaveLength(2);
  });

  it('keeps usernames (and e-mails) unique and roles to admin or user', async () => {
    const user = await newUser();
    expect(await pgErrorCode(database.db.insert(users).values({ username: user.username, password: 'y' }))).toBe(
      '23505',
    );
    await database.db
      .insert(users)
      .values({ username: `${user.username}-e1`, password: 'y', email: `dup-${n}@example.pt` });
    expect(
      await pgErrorCode(
        database.db
          .insert(users)
          .values({ username: `${user.username}-e2`, password: 'y', email: `dup-${n}@example.pt` }),
      ),
    ).toBe('23505');
    expect(
      await pgErrorCode(
        database.db.insert(users).values({ username: `${user.username}-r`, password: 'y', role: 'owner' as 'admin' }),
      ),
    ).toBe('23514');
    expect(user.role).toBe('user');
  });

  it('numbers lead references from 10001', async () => {
    const [row] = await rows<{ v: string }>(sql`select nextval('lead_reference_seq') as v`);
    expect(Number(row!.v)).toBe(10001);
  });

  it('treats a second runMigrations on the same database as a no-op', async () => {
    const tables = sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
    const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const [tablesBefore] = await rows<{ n: number }>(tables);
    const [appliedBefore] = await rows<{ n: number }>(applied);
    expect(Number(appliedBefore!.n)).toBeGreaterThan(0);
    const usersBefore = await database.db.select().from(users);

    await runMigrations(database);

    expect(await rows(tables)).toEqual([tablesBefore]);
    expect(await rows(applied)).toEqual([appliedBefore]);
    expect(await database.db.select().from(users)).toEqual(usersBefore);
  });
});
