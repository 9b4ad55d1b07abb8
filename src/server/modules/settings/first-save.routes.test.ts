import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_TEMPLATE_ID } from '#shared/email/template.ts';
import type { CompanySettings } from '#shared/schemas/settings.ts';
import { ensureDefaultTemplates } from '#server/modules/email/email.api.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

/**
 * Issue 30 item 3 (ADR 022, ADR 052's first-save rule in versioned.ts): on a fresh install, the first
 * save of each versioned record that was never saved works with the version it answered, and a
 * refused one says so in words, never raw validation text.
 */
describe('first saves of records never saved, on a fresh install', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.loginAs('admin')).cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin } });

  it('company details: the version a fresh install answers saves on the first try', async () => {
    const fresh = (await call('GET', '/api/settings')).json<CompanySettings>();
    const saved = await call('PUT', '/api/settings', { companyName: 'Auto Lusa', version: fresh.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ companyName: 'Auto Lusa', version: fresh.version + 1 });
    expect((await call('GET', '/api/settings')).json()).toMatchObject({ companyName: 'Auto Lusa' });
  });

  it('the proposal template a fresh install made saves on the first try with the version it answered', async () => {
    await ensureDefaultTemplates(t.database.db); // what the process does at start (main.ts)
    const list = (await call('GET', '/api/email-templates')).json<
      Array<{ id: number; templateId: string; title: string; body: string; version: number }>
    >();
    const proposal = list.find((x) => x.templateId === PROPOSAL_TEMPLATE_ID)!;
    const saved = await call('PUT', `/api/email-templates/${proposal.id}`, {
      templateId: PROPOSAL_TEMPLATE_ID,
      title: proposal.title,
      body: `${proposal.body}\nAté breve!`,
      version: proposal.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: proposal.version + 1 });
  });

  it('a new template, then its first edit with the version the creation answered', async () => {
    const created = await call('POST', '/api/email-templates', {
      templateId: 'first-reply',
      title: 'Olá {{firstName}}',
      body: 'Obrigado pelo contacto sobre o {{vehicleMake}}.',
    });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json<{ id: number; version: number }>();
    const edited = await call('PUT', `/api/email-templates/${id}`, {
      templateId: 'first-reply',
      title: 'Olá {{firstName}}!',
      body: 'Obrigado pelo contacto.',
      version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Olá {{firstName}}!', version: version + 1 });
  });

  it('a signature never saved answers version 0 and its first save sends 0 back', async () => {
    const read = (await call('GET', '/api/gmail/signature/geral')).json<{ signature: string; version: number }>();
    expect(read).toEqual({ signature: '', version: 0 });
    const saved = await call('PUT', '/api/gmail/signature/geral', { signature: '<p>Equipa</p>', version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1 });
  });

  it('a version no record can have is refused in words a person reads', async () => {
    const res = await call('PUT', '/api/settings', { companyName: 'X', version: -1 });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).not.toMatch(/Too small|expected number/);
    expect(res.json().fields.version).toBe('Version must be 0 or more');
  });
});
