import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ensureSettingDefaults } from '#server/modules/settings/settings.repository.ts';
import { INDEX_HTML, ID, ORIGIN, FORGED_HOST } from './public-site.test-helpers.ts';

describe('server-rendered public pages, robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'public-site-test-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webRoot, publicUrl: ORIGIN, clock: { now: () => new Date('2026-03-01T10:00:00Z') } });
    await ensureSettingDefaults(t.database.db);
    await setSetting('company.name', 'Carros & Companhia');
    await setSetting('manager.comercial.name', 'Miguel Costa');
    const [lead] = await t.database.db
      .insert(leads)
      .values({
        reference: 'L55001',
        firstName: 'Joana',
        lastName: 'Martins',
        email: 'joana@example.pt',
        phone: '+351 961 000 000',
        vehicleMake: 'BMW',
        vehicleModel: 'X1',
        emailSource: 'comercial',
      })
      .returning();
    await t.database.db.insert(proposals).values({
      publicId: ID,
      leadId: lead!.id,
      vehicleBrand: 'BMW',
      vehicleModel: 'X1',
      vehicleSubmodel: 'sDrive18d',
      vehicleMileage: 45000,
      vehicleFirstRegistration: '03/2020',
      vehicleFuelType: 'diesel',
      vehicleCountry: 'Alemanha',
      vehiclePrice: '24500.00',
      isvCost: '2980.12',
      ivaCost: '0',
      totalCost: '29820.12',
      imageUrls: ['/media/abcdef0123456789abcdef', '/media/0123456789abcdef0123'],
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const setSetting = (key: string, value: string) =>
    t.database.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, key));
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: FORGED_HOST, 'x-forwarded-host': FORGED_HOST, ...headers } });

  it('serves robots.txt: proposals, the back office and the API are not for search engines', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /proposta/',
        'Disallow: /proposals/',
        'Disallow: /legacy/',
        'Disallow: /acompanhar/',
        '',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('serves sitemap.xml with the public pages only', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${ORIGIN}/`, `${ORIGIN}/contacto`, `${ORIGIN}/faq`, `${ORIGIN}/simulador-isv`]);
    expect(res.body).not.toMatch(/admin|proposta|proposals|legacy|api/);
  });
});
