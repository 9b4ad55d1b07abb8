import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';

// Every PUT of the API: a field left out keeps its value. Each case creates a record through the
// API, sends one field, and reads the record back: everything else must be as it was.
describe('PUT keeps every field it was not sent, on every route', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('admin'));
  });
  afterAll(() => t.close());

  const call = async (method: string, url: string, payload?: object) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie }, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  interface Case {
    /** Creates a record; returns its PUT URL and how to read it back. */
    create(): Promise<{ url: string; read(): Promise<Record<string, unknown>> }>;
    /** One field to send, and its expected value afterwards. */
    change: Record<string, unknown>;
  }

  // Keyed by route; routes that take no body are listed with null.
  const CASES: Record<string, Case | null> = {
    'PUT /api/users/:id': {
      async create() {
        const user = await t.createUser({ firstName: 'Ana' });
        await call('PUT', `/api/users/${user.id}`, { lastName: 'Ferreira' });
        return { url: `/api/users/${user.id}`, read: () => userRow(user.id) };
      },
      change: { lastName: 'Costa' },
    },
    'PUT /api/leads/:id': {
      async create() {
        const lead = await insertLead(t.database.db, {
          notes: 'Wants a diesel',
          phone: '+351 912 345 678',
          vehicleMake: 'BMW',
          vehicleModel: '320d',
          budget: '25000.00',
        });
        return { url: `/api/leads/${lead.id}`, read: () => call('GET', `/api/leads/${lead.id}`) };
      },
      change: { status: 'contacted' },
    },
    'PUT /api/timeline/:id': {
      async create() {
        const lead = await insertLead(t.database.db);
        const entry = await call('POST', `/api/leads/${lead.id}/timeline`, {
          type: 'call',
          title: 'First call',
          description: 'Talked about the budget.',
          createdAt: '2026-01-10T10:00:00.000Z',
        });
        const read = async () =>
          ((await call('GET', `/api/leads/${lead.id}/timeline`)) as { id: number }[]).find((e) => e.id === entry.id)!;
        return { url: `/api/timeline/${entry.id}`, read };
      },
      change: { title: 'Second call' },
    },
    'PUT /api/proposals/:id': {
      async create() {
        const lead = await insertLead(t.database.db);
        const { proposal } = await call('POST', `/api/leads/${lead.id}/proposals`, {
          vehicleBrand: 'BMW',
          vehicleModel: '320d',
          vehicleFuelType: 'diesel',
          vehicleEngineSize: 1995,
          vehicleCo2Emissions: 120,
          vehicleFirstRegistration: '03/2021',
          vehiclePrice: '24500.00',
          wltpValue: false,
          transportCost: '1500.00',
          registrationFee: '300.00',
          registrationCountry: 'eu',
        });
        const read = async () =>
          ((await call('GET', `/api/leads/${lead.id}/proposals`)) as { id: number }[]).find(
            (p) => p.id === proposal.id,
          )!;
        return { url: `/api/proposals/${proposal.id}`, read };
      },
      change: { vehicleSubmodel: 'Touring M Sport' },
    },
    'PUT /api/imports/:id': {
      async create() {
        const imp = await call('POST', '/api/imports', {
          clientName: 'Ana Silva',
          clientEmail: 'ana@example.pt',
          vehicleMake: 'BMW',
          vehicleModel: '320d',
          vehicleYear: 2021,
          servicePrice: '2340.00',
          notes: 'Black',
        });
        return { url: `/api/imports/${imp.id}`, read: () => call('GET', `/api/imports/${imp.id}`) };
      },
      change: { deliveryNotes: 'After 18h' },
    },
    'PUT /api/import-costs/:id': {
      async create() {
        const imp = await call('POST', '/api/imports', { clientName: 'Rui', vehicleMake: 'Audi', vehicleModel: 'A4' });
        const supplier = await call('POST', '/api/suppliers', { name: 'Transportes' });
        const cost = await call('POST', `/api/imports/${imp.id}/costs`, {
          supplierId: supplier.id,
          date: '2026-05-01',
          value: '100.00',
          notes: 'Truck',
          invoicedToUs: true,
        });
        const read = async () =>
          ((await call('GET', `/api/imports/${imp.id}/costs`)) as { id: number }[]).find((c) => c.id === cost.id)!;
        return { url: `/api/import-costs/${cost.id}`, read };
      },
      change: { paid: true },
    },
    'PUT /api/suppliers/:id': {
      async create() {
        const supplier = await call('POST', '/api/suppliers', { name: 'Oficina', country: 'Portugal', notes: 'x' });
        return { url: `/api/suppliers/${supplier.id}`, read: () => call('GET', `/api/suppliers/${supplier.id}`) };
      },
      change: { phone: '+351 210 000 000' },
    },
    'PUT /api/settings': {
      async create() {
        await call('PUT', '/api/settings', { companyName: 'Auto Norte', managerGeralName: 'Rita Lopes' });
        return { url: '/api/settings', read: () => call('GET', '/api/settings') };
      },
      change: { companyPhone: '+351 222 333 444' },
    },
    // Every field is required (templateId, title, body): a partial body is refused with 400 and
    // nothing is blanked (templates.routes.test.ts).
    'PUT /api/email-templates/:id': null,
    // One field: the signature itself.
    'PUT /api/gmail/signature/:source': null,
    // The body is the whole rate table (ADR 055): a currency left out is removed, by design.
    'PUT /api/exchange-rates': null,
    'PUT /api/tasks/:id': {
      async create() {
        const lead = await insertLead(t.database.db);
        const task = await call('POST', `/api/leads/${lead.id}/tasks`, {
          title: 'Call Rita',
          dueAt: '2026-12-01T10:00:00.000Z',
        });
        const read = async () =>
          ((await call('GET', `/api/leads/${lead.id}/tasks`)) as { id: number }[]).find((e) => e.id === task.id)!;
        return { url: `/api/tasks/${task.id}`, read };
      },
      change: { title: 'Call Rita back' },
    },
    // One field: the e-mail preference itself.
    'PUT /api/tasks/settings': null,
    // One field: the owner (with the version it was read at, ADR 065).
    'PUT /api/leads/:id/owner': null,
    // The whole rule, every field required: nothing can be left out.
    'PUT /api/settings/lead-owner-rule': null,
    'PUT /api/notifications/mark-all-read': null,
    'PUT /api/notifications/:id/read': null,
  };

  // No API reads another user; the row as stored.
  const userRow = async (id: number): Promise<Record<string, unknown>> =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('has a case for every PUT route', () => {
    const puts = t.app.apiRoutes.filter((r) => r.method === 'PUT').map((r) => `PUT ${r.url}`);
    expect(puts.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [route, spec] of Object.entries(CASES)) {
    if (!spec) continue;
    it(`${route}: one field sent, the others kept`, async () => {
      const { url, read } = await spec.create();
      const before = await read();
      await call('PUT', url, spec.change);
      const after = await read();
      const changed = Object.keys(spec.change);
      const volatile = ['updatedAt', 'lastActivityAt', 'lastViewedAt', 'editable', 'version'];
      const rest = (v: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(v).filter(([k]) => !changed.includes(k) && !volatile.includes(k)));
      expect(rest(after)).toEqual(rest(before));
      expect(after).toMatchObject(spec.change);
    });
  }
});
