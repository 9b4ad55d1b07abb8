import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { imports } from '#server/db/schema/imports.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { IMPORT_MESSAGES, type Import } from '#shared/schemas/imports.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Convert-to-import is idempotent (ADR 023): a request key makes one import however often it is
// sent; a lead's conversion without a key is keyed by the lead.
describe('creating an import is idempotent', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());

  const convert = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { cookie },
      payload: { clientName: 'Ana Silva', vehicleMake: 'BMW', vehicleModel: '320d', ...body },
    });
  const importsOf = async (leadId: number) =>
    Number((await t.database.db.select({ n: count() }).from(imports).where(eq(imports.leadId, leadId)))[0]!.n);
  const conversions = async (leadId: number) =>
    (await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, leadId))).filter(
      (e) => (e.metadata as { event?: string } | null)?.event === 'converted_to_import',
    ).length;

  it('six concurrent conversions of a lead without a key make one import', async () => {
    const lead = await insertLead(t.database.db, { status: 'contacted' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => convert({ leadId: lead.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((r) => r.json<Import>().id));
    expect(ids.size).toBe(1);
    expect(await importsOf(lead.id)).toBe(1);
    expect(await conversions(lead.id)).toBe(1);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.status).toBe('converted');
  });

  it('six concurrent sends of one request (one key) make one import', async () => {
    const lead = await insertLead(t.database.db, { status: 'contacted' });
    const body = { leadId: lead.id, idempotencyKey: 'dialog-open-0001' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => convert(body)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await importsOf(lead.id)).toBe(1);
    // Without a lead too: the key alone decides.
    const free = await Promise.all(
      Array.from({ length: 6 }, () => convert({ clientName: 'Rui Costa', idempotencyKey: 'dialog-open-0002' })),
    );
    expect(new Set(free.map((r) => r.json<Import>().id)).size).toBe(1);
  });

  it('a second car for a converted lead is a new request with its own key', async () => {
    const lead = await insertLead(t.database.db, { status: 'contacted' });
    expect((await convert({ leadId: lead.id, idempotencyKey: 'first-car-0001' })).statusCode).toBe(201);
    expect((await convert({ leadId: lead.id, idempotencyKey: 'second-car-001' })).statusCode).toBe(201);
    expect(await importsOf(lead.id)).toBe(2);
  });

  it('refuses a key reused for another lead, and changes nothing', async () => {
    const a = await insertLead(t.database.db, { status: 'contacted' });
    const b = await insertLead(t.database.db, { status: 'contacted' });
    expect((await convert({ leadId: a.id, idempotencyKey: 'reused-key-001' })).statusCode).toBe(201);
    const res = await convert({ leadId: b.id, idempotencyKey: 'reused-key-001' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IMPORT_MESSAGES.requestKeyReused);
    expect(await importsOf(b.id)).toBe(0);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, b.id));
    expect(row!.status).toBe('contacted');
  });
});
