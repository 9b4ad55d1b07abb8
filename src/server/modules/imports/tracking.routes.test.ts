import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSettingDefaults } from '#server/modules/settings/settings.repository.ts';
import type { Import } from '#shared/schemas/imports.ts';
import type { TrackingResponse } from '#shared/schemas/import-tracking.ts';
import { insertLead, insertProposal } from '#test/factories.ts';
import { insertCost, insertSupplier } from '#test/import-factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>AutoImport</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ORIGIN = 'https://carros.example.pt';
let now = new Date('2026-05-01T09:00:00Z');

describe('customer tracking: GET /api/public/tracking/{publicId} and the page /acompanhar/{publicId}', () => {
  let t: TestApp;
  let cookie: string;
  let webRoot: string;
  let imp: Import;
  let proposalPublicId: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'tracking-test-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webRoot, publicUrl: ORIGIN, clock: { now: () => now } });
    await ensureSettingDefaults(t.database.db);
    ({ cookie } = await t.loginAs('user'));
    const lead = await insertLead(t.database.db, { status: 'quoted' });
    const proposal = await insertProposal(t.database.db, { leadId: lead.id });
    proposalPublicId = proposal.publicId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { cookie },
      payload: {
        leadId: lead.id,
        proposalId: proposal.id,
        clientName: 'Joana Secret-Name',
        clientEmail: 'joana@example.pt',
        clientPhone: '912000111',
        clientVatId: 'PT999',
        clientAddress: 'Rua Privada 1',
        vehicleMake: 'Volvo',
        vehicleModel: 'XC60',
        vehicleYear: 2022,
        vehicleVin: 'YV1SECRETVIN',
        vehiclePrice: '41000.00',
        vehicleIsv: '5123.45',
        servicePrice: '2340.00',
        notes: 'Internal note',
        deliveryNotes: 'Deliver after 18h',
      },
    });
    imp = res.json<Import>();
    const supplier = await insertSupplier(t.database.db, { name: 'Secret Transport Supplier' });
    await insertCost(t.database.db, { importId: imp.id, supplierId: supplier.id, value: '777.77' });
    const move = async (status: string, iso: string) => {
      now = new Date(iso);
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/imports/${imp.id}`,
        headers: { cookie },
        payload: { status },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await move('handling_paperwork', '2026-05-03T10:00:00Z');
    await move('in_transit', '2026-05-08T10:00:00Z'); // waiting_transport skipped
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const track = (publicId: string) => t.app.inject({ method: 'GET', url: `/api/public/tracking/${publicId}` });

  it('answers the car, the stages reached with dates, the current stage and the company contacts, anonymously', async () => {
    const res = await track(imp.publicId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.json<TrackingResponse>()).toEqual({
      vehicle: { make: 'Volvo', model: 'XC60', year: 2022 },
      status: 'in_transit',
      progress: 35,
      stages: [
        { status: 'confirmed', reachedAt: '2026-05-01T09:00:00.000Z' },
        { status: 'handling_paperwork', reachedAt: '2026-05-03T10:00:00.000Z' },
        { status: 'waiting_transport', reachedAt: null },
        { status: 'in_transit', reachedAt: '2026-05-08T10:00:00.000Z' },
      ],
      startedAt: '2026-05-01T09:00:00.000Z',
      company: { name: 'AutoImport', phone: '+351 210 000 000', email: 'geral@example.pt', logoUrl: '' },
      proposalPath: `/proposta/${proposalPublicId}`,
      expectedDeliveryDate: null,
      expectedStageDates: {},
    });
  });

  it('exposes nothing else: no prices, costs, client details, notes, ids or staff names', async () => {
    // The random public ids are taken out first: a UUID may hold '777' or '5123' by chance.
    const body = (await track(imp.publicId)).body.replaceAll(imp.publicId, '<id>').replaceAll(proposalPublicId, '<id>');
    for (const secret of [
      'Joana',
      'Secret',
      'joana@example.pt',
      '912000111',
      'PT999',
      'Rua Privada',
      'YV1SECRETVIN',
      '41000',
      '5123',
      '2340',
      '777',
      'Internal note',
      'Deliver after',
      'leadId',
      'changedBy',
      'username',
      '"id"',
    ])
      expect(body, secret).not.toContain(secret);
  });

  it('answers 404 in Portuguese for an unknown id, without telling anything', async () => {
    const res = await track('00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Importação não encontrada' });
    expect((await track(String(imp.id))).statusCode).toBe(404); // the staff id is not a way in
  });

  it('shows a canceled import with the stages it reached, then canceled', async () => {
    now = new Date('2026-05-12T08:00:00Z');
    await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${imp.id}`,
      headers: { cookie },
      payload: { status: 'canceled' },
    });
    const body = (await track(imp.publicId)).json<TrackingResponse>();
    expect(body.status).toBe('canceled');
    expect(body.progress).toBe(100);
    expect(body.stages.map((s) => s.status)).toEqual([
      'confirmed',
      'handling_paperwork',
      'waiting_transport',
      'in_transit',
      'canceled',
    ]);
    expect(body.stages.at(-1)!.reachedAt).toBe('2026-05-12T08:00:00.000Z');
    await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${imp.id}`,
      headers: { cookie },
      payload: { status: 'in_transit' },
    });
  });

  it('serves the page with Portuguese Open Graph tags and noindex, nothing private in it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/acompanhar/${imp.publicId}`,
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const html = res.body;
    expect(html).toContain('<html lang="pt-PT">');
    expect(html).toContain('<title>Acompanhe a importação do seu Volvo XC60 | AutoImport</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain(
      '<meta property="og:title" content="Acompanhe a importação do seu Volvo XC60 | AutoImport" />',
    );
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/acompanhar/${imp.publicId}" />`);
    expect(html).toContain('<meta property="og:locale" content="pt_PT" />');
    expect(html).toContain('Estado atual: Em trânsito (35%).');
    expect(html).toContain('/assets/index-abc.js');
    expect(html).not.toContain('evil.example');
    for (const secret of ['Joana', '2340', 'Secret']) expect(html).not.toContain(secret);
  });

  it('answers the page 404 with a noindex title for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/acompanhar/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Importação não encontrada | AutoImport</title>');
    expect(res.body).toContain('noindex');
  });

  it('keeps tracking pages out of search engines (robots.txt)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain('Disallow: /acompanhar/');
  });
});
