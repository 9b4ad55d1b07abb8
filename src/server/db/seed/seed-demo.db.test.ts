import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { SETTINGS } from '#shared/settings.ts';
import { verifyPassword } from '#server/lib/password.ts';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '../client.ts';
import { IMPORT_STATUSES } from './demo-imports.ts';
import { LEAD_STATUSES } from './demo-leads.ts';
import { insertLead, insertUser } from '#test/factories.ts';
import { DEMO_PASSWORD, DEMO_USERS, findRealData, LeadsExistError, RealDataError } from './real-data.ts';
import { seedDemo, type SeedDemoSummary } from './seed-demo.ts';

describe('seedDemo', () => {
  let database: Database;
  let summary: SeedDemoSummary;
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await seedDemo(database.db, { publicUrl: 'http://localhost:5000' });
  });
  afterAll(() => database.close());

  it('creates the demo staff with the demo password', async () => {
    expect(summary.usersCreated.sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
    const staff = await rows<{ username: string; password: string; role: string; email: string }>(
      sql`select username, password, role, email from users where username like '%.%' order by username`,
    );
    for (const u of staff) {
      expect(await verifyPassword(u.password, DEMO_PASSWORD)).toBe(true);
      expect(u.email).toMatch(/@example\.pt$/);
    }
    expect(staff.find((u) => u.username === 'ana.ferreira')?.role).toBe('admin');
  });

  it('has leads in every status and imports in every status', async () => {
    const leadStatuses = await rows<{ status: string }>(sql`select distinct status from leads`);
    expect(new Set(leadStatuses.map((r) => r.status))).toEqual(new Set(LEAD_STATUSES));
    const importStatuses = await rows<{ status: string }>(sql`select distinct status from imports`);
    expect(new Set(importStatuses.map((r) => r.status))).toEqual(new Set(IMPORT_STATUSES));
    expect(summary.leads).toBeGreaterThanOrEqual(55);
    expect(summary.suppliers).toBeGreaterThanOrEqual(10);
  });

  it('gives every import a stage history that ends in its status, in time order, and costs with suppliers', async () => {
    const wrong = await rows<{ id: number }>(sql`
      select i.id from imports i
      left join lateral (select h.status, h.changed_at from import_status_history h where h.import_id = i.id
        order by h.changed_at desc, h.id desc limit 1) last on true
      where last.status is distinct from i.status or last.changed_at is distinct from i.status_changed_at`);
    expect(wrong).toEqual([]);
    const firsts = await rows<{ status: string; n: number }>(sql`
      select h.status, count(*)::int as n from imports i
      join lateral (select status from import_status_history h where h.import_id = i.id
        order by h.changed_at, h.id limit 1) h on true group by h.status`);
    expect(firsts).toEqual([{ status: 'confirmed', n: summary.imports }]);
    const [delivered] = await rows<{ steps: number }>(sql`
      select min(c)::int as steps from (select count(*) as c from import_status_history h
        join imports i on i.id = h.import_id where i.status = 'delivered' group by i.id) x`);
    expect(delivered!.steps).toBe(8);
    const [linked] = await rows<{ n: number }>(
      sql`select count(*)::int as n from imports where proposal_id is not null`,
    );
    expect(linked!.n).toBeGreaterThan(0);
    expect(summary.importCosts).toBeGreaterThan(summary.imports);
  });

  it("keeps every lead's lastInteractionAt on its newest timeline entry (or its creation)", async () => {
    const wrong = await rows<{ reference: string }>(sql`
      select l.reference from leads l
      left join lateral (select max(t.created_at) as newest from lead_timeline t where t.lead_id = l.id) t on true
      where l.last_interaction_at is distinct from coalesce(t.newest, l.created_at)`);
    expect(wrong).toEqual([]);
    const [counts] = await rows<{ min: number; max: number }>(sql`
      select min(n)::int as min, max(n)::int as max from (select count(t.id) as n from leads l left join lead_timeline t on t.lead_id = l.id group by l.id) c`);
    expect(counts).toEqual({ min: expect.any(Number), max: expect.any(Number) });
    expect(counts!.min).toBeGreaterThanOrEqual(1);
    expect(counts!.max).toBeLessThanOrEqual(7);
  });

  it('stores proposals whose total is the sum of its parts', async () => {
    const wrong = await rows<{ id: number }>(sql`
      select id from proposals
      where total_cost <> vehicle_price + isv_cost + iva_cost + transport_cost + registration_fee`);
    expect(wrong).toEqual([]);
    expect(summary.proposals).toBe(15);
  });

  it('serves every /media/ URL of a proposal from stored_media, as an SVG of that proposal', async () => {
    const urls = await rows<{ id: number; url: string; position: number }>(
      sql`select p.id, u.url, u.position::int as position from proposals p, unnest(p.image_urls) with ordinality as u(url, position)`,
    );
    expect(urls.length).toBe(summary.photos);
    const media = await rows<{
      key: string;
      proposal_id: number;
      content_type: string;
      byte_size: number;
      size: number;
      sha_ok: boolean;
      head: string;
    }>(sql`
      select key, proposal_id, content_type, byte_size, octet_length(data) as size,
             sha256 = encode(sha256(data), 'hex') as sha_ok, convert_from(substring(data from 1 for 60), 'UTF8') as head
      from stored_media`);
    const byKey = new Map(media.map((m) => [m.key, m]));
    for (const u of urls) {
      const key = /^\/media\/([0-9a-f]{32})$/.exec(u.url)?.[1];
      expect(key).toBeDefined();
      const m = byKey.get(key!);
      expect(m?.proposal_id).toBe(u.id);
      expect(m).toMatchObject({ content_type: 'image/svg+xml', sha_ok: true });
      expect(m!.byte_size).toBe(m!.size);
      expect(m!.head).toContain('<svg');
    }
  });

  it('links a proposal from an outgoing e-mail on the lead timeline', async () => {
    const missing = await rows<{ public_id: string }>(sql`
      select p.public_id from proposals p
      where not exists (select 1 from lead_timeline t where t.lead_id = p.lead_id
        and (t.email_data->>'isOutgoing')::boolean and t.email_data->>'body' like '%/proposta/' || p.public_id || '%')`);
    expect(missing).toEqual([]);
  });

  it('adds the templates, the settings defaults and a bell for every staff user', async () => {
    const templates = await rows<{ template_id: string; body: string }>(
      sql`select template_id, body from email_templates`,
    );
    const proposalTemplate = templates.find((t) => t.template_id === 'proposal-email');
    for (const v of [
      'firstName',
      'vehicleMake',
      'vehicleModel',
      'proposalUrl',
      'proposalValue',
      'proposalIsv',
      'proposalService',
      'proposalFinal',
      'userName',
    ]) {
      expect(proposalTemplate?.body).toContain(`{{${v}}}`);
    }
    expect(templates.map((t) => t.template_id)).toEqual(
      expect.arrayContaining(['first-contact', 'follow-up', 'documents-needed']),
    );
    const keys = await rows<{ key: string }>(sql`select key from system_settings`);
    expect(keys.map((k) => k.key)).toEqual(expect.arrayContaining(Object.keys(SETTINGS)));
    const bells = await rows<{ user_id: number; types: string[]; unread: number }>(sql`
      select user_id, array_agg(distinct type) as types, sum((not is_read)::int)::int as unread from notifications group by user_id`);
    expect(bells.length).toBe(summary.staff);
    for (const b of bells) {
      expect(b.types.sort()).toEqual(['new_import', 'new_lead']);
      expect(b.unread).toBeGreaterThan(0);
    }
  });

  it('refuses to run again without force, and replaces the business data with force', async () => {
    await expect(seedDemo(database.db)).rejects.toBeInstanceOf(LeadsExistError);
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    const again = await seedDemo(database.db, { force: true });
    expect(again.usersCreated).toEqual([]);
    expect(again.leads).toBe(summary.leads);
    const [after] = await rows<{ leads: number; imports: number; media: number; users: number }>(sql`
      select (select count(*)::int from leads) as leads, (select count(*)::int from imports) as imports,
             (select count(*)::int from stored_media) as media, (select count(*)::int from users) as users`);
    expect(after).toEqual({ leads: summary.leads, imports: summary.imports, media: again.photos, users: before!.n });
  });
});

describe('seedDemo on a database with real data', () => {
  let database: Database;
  const leadCount = async () =>
    ((await database.db.execute(sql`select count(*)::int as n from leads`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('seeds a fresh install: the first administrator alone is not real data', async () => {
    await insertUser(database.db, { username: 'admin', role: 'admin' });
    expect(await findRealData(database.db)).toEqual({ leads: 0, users: [] });
    await seedDemo(database.db, { publicUrl: 'http://localhost:5000' });
    // Its own leads and accounts are not real data either.
    expect(await findRealData(database.db)).toEqual({ leads: 0, users: [] });
  });

  it('refuses, even with --force, once a lead it did not create exists (an e-mail elsewhere, or none)', async () => {
    const before = await leadCount();
    for (const email of ['maria@gmail.com', null, 'someone@example.com.evil.pt']) {
      const lead = await insertLead(database.db, { email });
      for (const options of [{}, { force: true }]) {
        const err = await seedDemo(database.db, options).catch((e: unknown) => e);
        expect(err, String(email)).toBeInstanceOf(RealDataError);
        expect((err as Error).message).toBe(
          'This database holds real data: 1 lead(s) the demo seed did not create. The demo seed adds made-up ' +
            'customers and staff accounts with a published password, and replaces every lead, proposal and ' +
            'import. Seed only a database you can lose. To do it anyway: npm run db:seed -- --force-real-data',
        );
      }
      expect(await leadCount()).toBe(before + 1);
      await database.db.execute(sql`delete from leads where id = ${lead.id}`);
    }
  });

  it('refuses a staff account besides the demo ones and the first administrator', async () => {
    await insertUser(database.db, { username: 'rui.real', role: 'user' });
    const err = await seedDemo(database.db, { force: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RealDataError);
    expect((err as Error).message).toMatch(
      /1 staff account\(s\) besides the demo ones and the first administrator \(rui\.real\)/,
    );
  });

  it('--force-real-data replaces the business data anyway', async () => {
    await insertLead(database.db, { email: 'maria@gmail.com' });
    const summary = await seedDemo(database.db, { forceRealData: true });
    expect(await leadCount()).toBe(summary.leads);
    expect(await findRealData(database.db)).toEqual({ leads: 0, users: ['rui.real'] });
  });
});
