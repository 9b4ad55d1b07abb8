import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { emailTemplates } from '#server/db/schema/messaging.ts';
import { DEFAULT_PROPOSAL_TEMPLATE, PROPOSAL_TEMPLATE_ID } from '#shared/email/template.ts';
import { TEMPLATE_ID_HINT } from '#shared/schemas/email.ts';
import { insertLead, insertProposal } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ensureDefaultTemplates } from './email.api.ts';
import { PROPOSAL_TEMPLATE_IN_USE, STALE_TEMPLATE, TEMPLATE_ID_TAKEN } from './templates.service.ts';

describe('email templates', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await t.loginAs('user')).cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as: string | null = cookie) =>
    t.app.inject({ method, url, payload, headers: as ? { cookie: as } : {} });
  const rows = async () => Number((await t.database.db.select({ n: count() }).from(emailTemplates))[0]!.n);

  it('the proposal-email template exists after start-up, once however often it runs, in Portuguese', async () => {
    await ensureDefaultTemplates(t.database.db);
    await ensureDefaultTemplates(t.database.db);
    const list = (await call('GET', '/api/email-templates')).json<{ templateId: string; body: string }[]>();
    const proposal = list.filter((x) => x.templateId === PROPOSAL_TEMPLATE_ID);
    expect(proposal).toHaveLength(1);
    expect(proposal[0]!.body).toBe(DEFAULT_PROPOSAL_TEMPLATE.body);
    expect(proposal[0]!.body).toContain('Olá {{firstName}}');
  });

  it('anonymous callers get 401', async () => {
    expect((await call('GET', '/api/email-templates', undefined, null)).statusCode).toBe(401);
  });

  it('creates, lists with dates, edits with the version and deletes a template', async () => {
    const created = await call('POST', '/api/email-templates', {
      templateId: 'follow_up-1',
      title: 'Seguimento {{reference}}',
      body: 'Olá {{firstName}}, ainda está interessado no {{vehicleMake}}?',
    });
    expect(created.statusCode).toBe(201);
    const tpl = created.json<{ id: number; version: number; createdAt: string; updatedAt: string }>();
    expect(tpl.version).toBe(1);
    expect(Date.parse(tpl.createdAt)).not.toBeNaN();

    const edited = await call('PUT', `/api/email-templates/${tpl.id}`, {
      templateId: 'follow_up-1',
      title: 'Seguimento',
      body: 'Novo texto',
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Seguimento', body: 'Novo texto', version: 2 });

    const stale = await call('PUT', `/api/email-templates/${tpl.id}`, {
      templateId: 'follow_up-1',
      title: 'Old tab',
      body: 'x',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: STALE_TEMPLATE });

    expect((await call('DELETE', `/api/email-templates/${tpl.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/email-templates/${tpl.id}`)).statusCode).toBe(404);
  });

  it('takes the version from If-Match too (ADR 022): a stale one 409, a malformed one 400, nothing changed', async () => {
    const tpl = (await call('POST', '/api/email-templates', { templateId: 'if-match-1', title: 'A', body: 'B' })).json<{
      id: number;
    }>();
    const put = (ifMatch: string, title: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/email-templates/${tpl.id}`,
        headers: { cookie, 'if-match': ifMatch },
        payload: { templateId: 'if-match-1', title, body: 'B' },
      });
    const edited = await put('"1"', 'Second');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Second', version: 2 });
    const stale = await put('W/"1"', 'Old tab');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: STALE_TEMPLATE });
    const malformed = await put('latest', 'Bad header');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION', fields: { version: expect.any(String) } });
    const [row] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, tpl.id));
    expect(row).toMatchObject({ title: 'Second', version: 2 });
  });

  it('refuses a bad templateId, a taken one, blanks and unknown variables, and changes nothing', async () => {
    const before = await rows();
    const bad = await call('POST', '/api/email-templates', { templateId: 'has space', title: 'x', body: 'y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.templateId).toBe(TEMPLATE_ID_HINT);
    const long = await call('POST', '/api/email-templates', { templateId: 'a'.repeat(51), title: 'x', body: 'y' });
    expect(long.json().fields.templateId).toBe('Template ID is at most 50 characters');
    const blank = await call('POST', '/api/email-templates', { templateId: 'ok', title: ' ', body: '  ' });
    expect(blank.json().fields).toMatchObject({ title: 'Title is required', body: 'Body is required' });
    const unknown = await call('POST', '/api/email-templates', {
      templateId: 'ok',
      title: 'x',
      body: 'Olá {{firstname}} e {{price}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.body).toBe('Unknown variables: {{firstname}}, {{price}}');
    const taken = await call('POST', '/api/email-templates', {
      templateId: PROPOSAL_TEMPLATE_ID,
      title: 'x',
      body: 'y',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.templateId).toBe(TEMPLATE_ID_TAKEN);
    expect(await rows()).toBe(before);
  });

  it('the proposal-email template cannot be deleted while proposals exist, only edited', async () => {
    const [row] = await t.database.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.templateId, PROPOSAL_TEMPLATE_ID));
    const lead = await insertLead(t.database.db);
    await insertProposal(t.database.db, { leadId: lead.id });
    const list = (await call('GET', '/api/email-templates')).json<{ id: number; protected: boolean }[]>();
    expect(list.find((x) => x.id === row!.id)!.protected).toBe(true);
    const del = await call('DELETE', `/api/email-templates/${row!.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(PROPOSAL_TEMPLATE_IN_USE);
    const renamed = await call('PUT', `/api/email-templates/${row!.id}`, {
      templateId: 'other',
      title: row!.title,
      body: row!.body,
    });
    expect(renamed.statusCode).toBe(409);
    const edited = await call('PUT', `/api/email-templates/${row!.id}`, {
      templateId: PROPOSAL_TEMPLATE_ID,
      title: 'Proposta {{reference}}',
      body: row!.body,
    });
    expect(edited.statusCode).toBe(200);
  });
});
