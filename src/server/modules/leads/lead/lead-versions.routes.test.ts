import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { touchLead } from '#server/modules/mailboxes/mail-leads.repository.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const stale = (record: string) => ({
  code: 'STALE_VERSION',
  message: `This ${record} was changed by someone else. Reload to see the latest.`,
});

// ADR 022 on leads, timeline entries and proposals: a write based on an older version answers 409
// and writes nothing; without a version the spec's calls work as written.
describe('versions of leads, timeline entries and proposals', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
  const leadRow = async (id: number) => (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;

  describe('leads', () => {
    it('answers version 1, adds one per edit, refuses a stale edit (409) and writes nothing', async () => {
      const lead = await insertLead(t.database.db, { firstName: 'Ana', notes: 'first' });
      expect((await call('GET', `/api/leads/${lead.id}`)).json()).toMatchObject({ version: 1 });

      const saved = await call('PUT', `/api/leads/${lead.id}`, { notes: 'mine', version: 1 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ notes: 'mine', version: 2 });

      const before = await leadRow(lead.id);
      for (const body of [
        { notes: 'theirs', version: 1 },
        { status: 'contacted', version: 1 },
      ]) {
        const res = await call('PUT', `/api/leads/${lead.id}`, body);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(stale('lead'));
      }
      // If-Match (no version in the body) is the same check.
      const viaHeader = await call('PUT', `/api/leads/${lead.id}`, { firstName: 'Other' }, { 'if-match': '"1"' });
      expect(viaHeader.statusCode).toBe(409);
      expect(await leadRow(lead.id)).toEqual(before);
    });

    it('without a version the spec call applies as written (last write wins)', async () => {
      const lead = await insertLead(t.database.db);
      await call('PUT', `/api/leads/${lead.id}`, { notes: 'a', version: 1 });
      const res = await call('PUT', `/api/leads/${lead.id}`, { status: 'contacted' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'contacted', notes: 'a', version: 3 });
    });

    it('a version alone is not an edit (400), a bad version or If-Match 400, version 0 of a saved lead 409, a missing lead 404', async () => {
      const lead = await insertLead(t.database.db);
      const alone = await call('PUT', `/api/leads/${lead.id}`, { version: 1 });
      expect(alone.statusCode).toBe(400);
      // Version 0 means 'not saved yet' (first saves, ADR 052): this lead was saved, so it is stale.
      expect((await call('PUT', `/api/leads/${lead.id}`, { notes: 'x', version: 0 })).statusCode).toBe(409);
      expect((await call('PUT', `/api/leads/${lead.id}`, { notes: 'x', version: '1' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/leads/${lead.id}`, { notes: 'x' }, { 'if-match': 'abc' })).statusCode).toBe(400);
      expect((await call('PUT', '/api/leads/999999', { notes: 'x', version: 1 })).statusCode).toBe(404);
      expect(await leadRow(lead.id)).toMatchObject({ notes: null, version: 1 });
    });

    it('of two saves of one version exactly one wins', async () => {
      const lead = await insertLead(t.database.db);
      const results = await Promise.all(
        ['one', 'two'].map((notes) => call('PUT', `/api/leads/${lead.id}`, { notes, version: 1 })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json() as { notes: string };
      expect(await leadRow(lead.id)).toMatchObject({ notes: winner.notes, version: 2 });
    });

    it('timeline entries, quick contacts, mail, stars and seen leave the version alone', async () => {
      const lead = await insertLead(t.database.db);
      const entry = await call('POST', `/api/leads/${lead.id}/timeline`, {
        type: 'call',
        title: 'Called',
        description: 'About the car',
      });
      expect(entry.statusCode).toBe(201);
      const entryId = (entry.json() as { id: number }).id;
      await call('PUT', `/api/timeline/${entryId}`, { description: 'About the BMW' });
      await call('POST', `/api/leads/${lead.id}/quick-contact`, { type: 'chat', notes: 'WhatsApp' });
      await call('POST', `/api/leads/${lead.id}/star`);
      await call('POST', `/api/leads/${lead.id}/seen`);
      await touchLead(t.database.db, lead.id, new Date());
      await call('DELETE', `/api/timeline/${entryId}`);
      expect((await leadRow(lead.id)).version).toBe(1);
      // So a form opened before all that still saves.
      const res = await call('PUT', `/api/leads/${lead.id}`, { notes: 'still mine', version: 1 });
      expect(res.statusCode).toBe(200);
    });

    it('a proposal that reaches the customer quotes the lead: the version moves (docs/rulings.md ruling 22)', async () => {
      const lead = await insertLead(t.database.db, { status: 'requested' });
      const created = await call('POST', `/api/leads/${lead.id}/proposals`, {
        vehicleBrand: 'BMW',
        vehicleModel: '320d',
        vehicleEngineSize: '1995',
        vehicleFuelType: 'diesel',
        vehicleCo2Emissions: '119',
        vehicleFirstRegistration: '03/2021',
        vehiclePrice: '24.500,00',
      });
      expect(created.statusCode).toBe(201);
      expect(await leadRow(lead.id)).toMatchObject({ status: 'requested', version: 1 });
      const shared = await call('POST', `/api/proposals/${created.json().proposal.id}/delivered`, { via: 'link' });
      expect(shared.statusCode).toBe(200);
      expect(await leadRow(lead.id)).toMatchObject({ status: 'quoted', version: 2 });
      const res = await call('PUT', `/api/leads/${lead.id}`, { status: 'requested', version: 1 });
      expect(res.statusCode).toBe(409);
      expect((await leadRow(lead.id)).status).toBe('quoted');
    });
  });

  describe('lead writes from elsewhere that change its fields', () => {
    it('an import created from the lead (Converted) and a merge into it move the version', async () => {
      const lead = await insertLead(t.database.db, { status: 'quoted', firstName: 'Carla' });
      const created = await call('POST', '/api/imports', {
        leadId: lead.id,
        clientName: 'Carla Dias',
        vehicleMake: 'BMW',
        vehicleModel: '320d',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await leadRow(lead.id)).toMatchObject({ status: 'converted', version: 2 });
      // A form still showing Quoted cannot put it back unseen.
      expect((await call('PUT', `/api/leads/${lead.id}`, { status: 'quoted', version: 1 })).statusCode).toBe(409);

      const older = await insertLead(t.database.db, { createdAt: new Date('2026-01-01T00:00:00Z') });
      const newer = await insertLead(t.database.db, { notes: 'From the newer lead' });
      const merged = await call('POST', `/api/leads/${newer.id}/merge`, { otherId: older.id });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(await leadRow(older.id)).toMatchObject({ version: 2 });
    });
  });

  describe('timeline entries', () => {
    const newEntry = async () => {
      const lead = await insertLead(t.database.db);
      const res = await call('POST', `/api/leads/${lead.id}/timeline`, {
        type: 'chat',
        title: 'Chat',
        description: 'Hello',
      });
      return res.json() as { id: number; version: number };
    };
    const entryRow = async (id: number) =>
      (await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.id, id)))[0];

    it('edits with the version read; a stale edit answers 409 and writes nothing', async () => {
      const entry = await newEntry();
      expect(entry.version).toBe(1);
      const saved = await call('PUT', `/api/timeline/${entry.id}`, { description: 'Mine', version: 1 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ description: 'Mine', version: 2 });
      const before = await entryRow(entry.id);
      const res = await call('PUT', `/api/timeline/${entry.id}`, { description: 'Theirs', version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(stale('timeline entry'));
      expect(await entryRow(entry.id)).toEqual(before);
      // The list answers the version too.
      const list = (await call('GET', `/api/leads/${before!.leadId}/timeline`)).json() as { version: number }[];
      expect(list[0]).toMatchObject({ version: 2 });
    });

    it('deletes with If-Match: a stale one answers 409 and the entry stays; without it the spec call deletes', async () => {
      const entry = await newEntry();
      await call('PUT', `/api/timeline/${entry.id}`, { description: 'Changed', version: 1 });
      const res = await call('DELETE', `/api/timeline/${entry.id}`, undefined, { 'if-match': '"1"' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(stale('timeline entry'));
      expect(await entryRow(entry.id)).toMatchObject({ description: 'Changed', version: 2 });
      expect((await call('DELETE', `/api/timeline/${entry.id}`, undefined, { 'if-match': 'W/"2"' })).statusCode).toBe(
        200,
      );
      expect(await entryRow(entry.id)).toBeUndefined();
      const other = await newEntry();
      expect((await call('DELETE', `/api/timeline/${other.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/timeline/${other.id}`, undefined, { 'if-match': '"1"' })).statusCode).toBe(
        404,
      );
    });
  });

  describe('proposals', () => {
    const newProposal = async () => {
      const lead = await insertLead(t.database.db, { status: 'contacted', quotedAmount: '1.00' });
      const res = await call('POST', `/api/leads/${lead.id}/proposals`, { vehicleBrand: 'Audi', vehicleModel: 'A4' });
      return (res.json() as { proposal: { id: number; version: number } }).proposal;
    };
    const proposalRow = async (id: number) =>
      (await t.database.db.select().from(proposals).where(eq(proposals.id, id)))[0];

    it('a new proposal is version 1; one save adds one; a stale save answers 409 and writes nothing', async () => {
      const p = await newProposal();
      expect(p.version).toBe(1);
      const saved = await call('PUT', `/api/proposals/${p.id}`, { vehicleModel: 'A6', version: 1 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ proposal: { vehicleModel: 'A6', version: 2 } });
      const before = await proposalRow(p.id);
      const res = await call('PUT', `/api/proposals/${p.id}`, { vehicleModel: 'Q5', version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(stale('proposal'));
      const viaHeader = await call('PUT', `/api/proposals/${p.id}`, { vehicleModel: 'Q5' }, { 'if-match': '1' });
      expect(viaHeader.statusCode).toBe(409);
      expect(await proposalRow(p.id)).toEqual(before);
      // Without a version: the spec's call, a field left out keeps its value.
      const plain = await call('PUT', `/api/proposals/${p.id}`, { vehicleBrand: 'Audi Sport' });
      expect(plain.json()).toMatchObject({ proposal: { vehicleBrand: 'Audi Sport', vehicleModel: 'A6', version: 3 } });
    });

    it('customer views leave the version alone', async () => {
      const p = await newProposal();
      const row = await proposalRow(p.id);
      await t.app.inject({ method: 'POST', url: `/api/proposals/public/${row!.publicId}/view` });
      expect(await proposalRow(p.id)).toMatchObject({ version: 1 });
    });

    it('deletes with If-Match: a stale one answers 409 and the proposal stays', async () => {
      const p = await newProposal();
      await call('PUT', `/api/proposals/${p.id}`, { vehicleModel: 'A3', version: 1 });
      const res = await call('DELETE', `/api/proposals/${p.id}`, undefined, { 'if-match': '"1"' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(stale('proposal'));
      expect(await proposalRow(p.id)).toMatchObject({ vehicleModel: 'A3', version: 2 });
      expect((await call('DELETE', `/api/proposals/${p.id}`, undefined, { 'if-match': '"2"' })).statusCode).toBe(200);
      expect(await proposalRow(p.id)).toBeUndefined();
    });
  });
});
