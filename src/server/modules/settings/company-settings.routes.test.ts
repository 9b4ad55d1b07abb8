import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import { storedMedia } from '#server/db/schema/proposals.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import type { CompanySettings } from '#shared/schemas/settings.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { deleteOrphanMedia } from '#server/modules/media/media.api.ts';

const INDEX_HTML = `<!doctype html><html lang="pt-PT"><head><title>AutoImport</title></head><body><div id="root"></div></body></html>`;

// Company details (docs/rulings.md ruling 9) edited by admins in Settings; the public pages read them on every load.
describe('company settings', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'settings-test-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webRoot });
    ({ cookie } = await t.loginAs('admin'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, headers: { cookie: as }, payload, remoteAddress: '203.0.113.9' });
  const stored = async () =>
    Object.fromEntries((await t.database.db.select().from(systemSettings)).map((r) => [r.key, r.value]));
  const lastAudit = async () =>
    (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.event, 'settings_changed'))
        .orderBy(desc(securityAuditLog.id))
        .limit(1)
    )[0];
  const png = (color: string) =>
    sharp({ create: { width: 400, height: 120, channels: 4, background: color } })
      .png()
      .toBuffer();

  it('answers the placeholders of a fresh install to an admin', async () => {
    const res = await call('GET', '/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyName: 'AutoImport',
      companyPhone: '+351 210 000 000',
      companyEmail: 'geral@example.pt',
      managerGeralName: 'Gestor de Importação',
      managerGeralPhone: '+351 910 000 000',
      managerComercialName: 'Gestor Comercial',
      managerComercialPhone: '+351 920 000 000',
      legacySiteUrl: '',
      listingWatchEnabled: true,
      logoUrl: '',
      version: 1,
    });
  });

  it('saves the changed details, audits what changed, and the public page shows them at once', async () => {
    const res = await call('PUT', '/api/settings', {
      companyName: '  Auto Norte Importações ',
      companyPhone: '+351 222 333 444',
      managerComercialName: 'Miguel Costa',
      legacySiteUrl: 'old.autonorte.pt',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Auto Norte Importações',
      companyPhone: '+351 222 333 444',
      managerComercialName: 'Miguel Costa',
      legacySiteUrl: 'https://old.autonorte.pt/',
      companyEmail: 'geral@example.pt',
    });
    expect(await lastAudit()).toMatchObject({
      username: expect.stringMatching(/^user/),
      ipAddress: '203.0.113.9',
      details: 'changed company name, phone, comercial manager name, older proposal site',
    });

    const pub = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(pub.company).toMatchObject({ name: 'Auto Norte Importações', phone: '+351 222 333 444' });
    expect(pub.managers.comercial.name).toBe('Miguel Costa');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('Auto Norte Importações');
    expect(page.body).toContain('+351 222 333 444');
    // The older site takes over /legacy/proposals links.
    const legacy = await t.app.inject({ method: 'GET', url: '/legacy/proposals/7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expect(legacy.body).toContain('https://old.autonorte.pt/proposals/7c9e6679-7425-40de-944b-e07fc1f90ae7');
  });

  it('writes nothing and audits nothing when nothing changed', async () => {
    const before = await lastAudit();
    const current = (await call('GET', '/api/settings')).json() as CompanySettings;
    const res = await call('PUT', '/api/settings', { companyName: current.companyName });
    expect(res.statusCode).toBe(200);
    expect((await lastAudit())!.id).toBe(before!.id);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a blank company name', { companyName: '  ' }, 'companyName', 'Company name is required'],
    [
      'a long company name',
      { companyName: 'x'.repeat(101) },
      'companyName',
      'Company name must be at most 100 characters',
    ],
    [
      'a phone of letters',
      { companyPhone: 'call us' },
      'companyPhone',
      'Phone must be a phone number, e.g. +351 210 000 000',
    ],
    ['a blank phone', { companyPhone: '' }, 'companyPhone', 'Phone is required'],
    ['an invalid e-mail', { companyEmail: 'geral@' }, 'companyEmail', 'Valid email is required'],
    ['a blank manager name', { managerGeralName: '' }, 'managerGeralName', 'Manager name is required'],
    [
      'a manager phone of letters',
      { managerComercialPhone: 'abc' },
      'managerComercialPhone',
      'Manager phone must be a phone number, e.g. +351 210 000 000',
    ],
    // A line break in a name the mail headers carry (the From line's company name) is refused (issue 31).
    [
      'a company name with a line break',
      { companyName: 'AutoImport\r\nBcc: victim@example.test' },
      'companyName',
      'Company name must be one line, without line breaks',
    ],
    [
      'a manager name with a line break',
      { managerGeralName: 'Rui\nCosta' },
      'managerGeralName',
      'Manager name must be one line, without line breaks',
    ],
    [
      'an older site that is not a web address',
      { legacySiteUrl: 'javascript:alert(1)' },
      'legacySiteUrl',
      'Enter a web address starting with http:// or https://',
    ],
  ];
  for (const [label, change, field, message] of invalid) {
    it(`refuses ${label} (400, the field named) and stores nothing`, async () => {
      const before = await stored();
      const res = await call('PUT', '/api/settings', { companyName: 'Changed Too', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: message });
      expect(await stored()).toEqual(before);
    });
  }

  it('clears the older site with a blank value', async () => {
    const res = await call('PUT', '/api/settings', { legacySiteUrl: '' });
    expect(res.json().legacySiteUrl).toBe('');
  });

  it('stores an uploaded logo as media, shows it publicly, replaces and removes it', async () => {
    const first = await call('POST', '/api/settings/logo', undefined);
    expect(first.statusCode).toBe(415);

    const upload = (body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/logo',
        headers: { cookie, 'content-type': 'image/png' },
        payload: body,
      });
    const res = await upload(await png('#ff000080'));
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = (res.json() as CompanySettings).logoUrl;
    expect(logoUrl).toMatch(/^\/media\/[a-f0-9]{32}$/);
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    // Transparent: kept as WebP.
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().company.logoUrl).toBe(logoUrl);
    expect((await lastAudit())!.details).toBe('changed logo');

    // The pruning of unsaved proposal uploads leaves the logo alone.
    await deleteOrphanMedia(t.database.db, new Date(Date.now() + 86_400_000));
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(200);

    // A new logo replaces the old one, whose media is deleted.
    const second = await upload(await png('#00ff00'));
    const secondUrl = (second.json() as CompanySettings).logoUrl;
    expect(secondUrl).not.toBe(logoUrl);
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);

    // Not an image: refused, the logo stays.
    const junk = await upload(Buffer.from('not an image at all'));
    expect(junk.statusCode).toBeGreaterThanOrEqual(400);
    expect(junk.statusCode).toBeLessThan(500);
    expect((await call('GET', '/api/settings')).json().logoUrl).toBe(secondUrl);

    const removed = await call('DELETE', '/api/settings/logo');
    expect(removed.json().logoUrl).toBe('');
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
    expect(await t.database.db.select().from(storedMedia).where(eq(storedMedia.purpose, 'logo'))).toEqual([]);
    expect((await lastAudit())!.details).toBe('changed logo (removed)');
  });

  it('answers 403 to role user on every settings call, and nothing changes', async () => {
    const { cookie: userCookie } = await t.loginAs('user');
    const before = await stored();
    expect((await call('GET', '/api/settings', undefined, userCookie)).statusCode).toBe(403);
    expect((await call('PUT', '/api/settings', { companyName: 'Hijacked' }, userCookie)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/settings/logo', undefined, userCookie)).statusCode).toBe(403);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/settings/logo',
      headers: { cookie: userCookie, 'content-type': 'image/png' },
      payload: await png('#000000'),
    });
    expect(upload.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  // ADR 022: the company details are one record; two admins saving at once no longer overwrite each other.
  it('saves with the version read; a stale save answers 409 and writes nothing; the logo leaves it alone', async () => {
    const { version } = (await call('GET', '/api/settings')).json() as CompanySettings;
    const mine = await call('PUT', '/api/settings', { companyPhone: '+351 211 111 111', version });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ companyPhone: '+351 211 111 111', version: version + 1 });

    const before = await stored();
    const audit = await lastAudit();
    const theirs = await call('PUT', '/api/settings', { companyName: 'Other Name', version });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({
      code: 'STALE_VERSION',
      message: 'This record was changed by someone else. Reload to see the latest.',
    });
    // A stale save that changes nothing is refused too (its form was based on old values).
    expect((await call('PUT', '/api/settings', { companyPhone: '+351 211 111 111', version })).statusCode).toBe(409);
    expect(await stored()).toEqual(before);
    expect((await lastAudit())!.id).toBe(audit!.id);

    // The logo is not part of the form's save: replacing it does not make an open form stale.
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/settings/logo',
      headers: { cookie, 'content-type': 'image/png' },
      payload: await png('#336699'),
    });
    expect(logo.json()).toMatchObject({ version: version + 1 });
    const again = await call('PUT', '/api/settings', { companyName: 'Other Name', version: version + 1 });
    expect(again.json()).toMatchObject({ companyName: 'Other Name', version: version + 2 });
    // Without a version: the spec's call, last save wins.
    expect((await call('PUT', '/api/settings', { companyName: 'AutoImport' })).json()).toMatchObject({
      companyName: 'AutoImport',
      version: version + 3,
    });
    await call('DELETE', '/api/settings/logo');
  });

  it('of two saves of one version exactly one wins', async () => {
    const { version } = (await call('GET', '/api/settings')).json() as CompanySettings;
    const results = await Promise.all(
      ['+351 212 000 001', '+351 212 000 002'].map((companyPhone) =>
        call('PUT', '/api/settings', { companyPhone, version }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as CompanySettings;
    expect((await call('GET', '/api/settings')).json()).toMatchObject({
      companyPhone: winner.companyPhone,
      version: version + 1,
    });
  });
});
