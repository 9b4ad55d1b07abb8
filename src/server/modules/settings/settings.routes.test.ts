import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemSettings } from '#server/db/schema/settings.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ensureSettingDefaults } from './settings.repository.ts';

describe('GET /api/settings/public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = () => t.app.inject({ method: 'GET', url: '/api/settings/public' });
  const set = (key: string, value: string) =>
    t.database.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, key));

  it('answers the neutral placeholders on a fresh install, even before defaults are written', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      company: { name: 'AutoImport', logoUrl: '', phone: '+351 210 000 000', email: 'geral@example.pt' },
      managers: {
        geral: { name: 'Gestor de Importação', phone: '+351 910 000 000' },
        comercial: { name: 'Gestor Comercial', phone: '+351 920 000 000' },
      },
    });
  });

  it('answers what admins saved, and only the public details (no mailboxes, no legacy site)', async () => {
    await ensureSettingDefaults(t.database.db);
    await set('company.phone', '+351 213 000 111');
    await set('manager.comercial.name', 'Miguel Costa');
    await set('mailbox.geral.address', 'private@example.pt');
    await set('legacy.siteUrl', 'https://old.example.pt');
    const body = (await get()).json();
    expect(body.company.phone).toBe('+351 213 000 111');
    expect(body.managers.comercial.name).toBe('Miguel Costa');
    expect(JSON.stringify(body)).not.toMatch(/private@example|old\.example|mailbox|legacy/);
    expect(Object.keys(body).sort()).toEqual(['company', 'managers']);
  });

  it('holds setting links to http(s) or a path on this site: anything else reads as not set', async () => {
    await ensureSettingDefaults(t.database.db);
    const cases: [string, string][] = [
      ['javascript:alert(1)', ''],
      ['data:image/svg+xml,<svg onload=alert(1)>', ''],
      ['//evil.example/logo.png', ''],
      ['/logo.png', '/logo.png'],
      ['https://cdn.example.pt/logó.png', 'https://cdn.example.pt/log%C3%B3.png'],
    ];
    for (const [value, answered] of cases) {
      await set('company.logoUrl', value);
      expect((await get()).json().company.logoUrl, value).toBe(answered);
    }
    await set('legacy.siteUrl', 'javascript:alert(1)');
    expect(await t.services.settings.legacySiteUrl()).toBeNull();
    await set('legacy.siteUrl', 'https://antigo.example.pt/');
    expect(await t.services.settings.legacySiteUrl()).toBe('https://antigo.example.pt');
  });
});
