import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { ensureSettingDefaults } from '#server/modules/settings/settings.repository.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The index.html Vite writes and the addresses the public-site tests use.

// index.html as Vite writes it: the server puts the page into it.
export const INDEX_HTML = `<!doctype html>
<html lang="pt-PT">
  <head>
    <meta charset="UTF-8" />
    <title>AutoImport</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

export const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const HOST = 'carros.example.pt';
/** PUBLIC_URL; every request below comes with a forged Host, which no link may use. */
export const ORIGIN = `https://${HOST}`;
export const FORGED_HOST = 'attacker.example.net';

/**
 * The public-site route tests' app: PUBLIC_URL set, a company name and manager, one lead with its
 * proposal (ID), and requests that come with a forged Host. Call inside a describe: it registers
 * the start and the clean-up.
 */
export function publicSiteTestApp() {
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
  const meta = (html: string, attr: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  const pageData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
  return { setSetting, get, meta, pageData };
}
