import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IF_MATCH_DESCRIPTION } from '#shared/schemas/versioned.ts';
import { authPlugin } from '#server/plugins/auth.ts';
import { openapiPlugin } from '#server/plugins/openapi.ts';
import { serializerCompiler } from '#server/plugins/serializer.ts';
import { validatorCompiler } from '#server/plugins/validator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { documentProblems, openApiPath, type OpenApiDocument } from './api-docs.test-helpers.ts';

describe('the API describes itself: /api/openapi.json and /api/docs', () => {
  let t: TestApp;
  let userCookie: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    userCookie = (await t.loginAs('user')).cookie;
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: userCookie } });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('is for staff only: anonymous callers get 401 on the document, the page and its assets', async () => {
    for (const url of [
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/swagger-initializer.js',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });
    }
  });

  it('serves the page and its assets from this server, under a policy that loads nothing from elsewhere', async () => {
    const page = await get('/api/docs', userCookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("default-src 'none'");

    const bundle = await get('/api/docs/static/swagger-ui-bundle.js', userCookie);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body.length).toBeGreaterThan(500_000);
    const init = await get('/api/docs/static/swagger-initializer.js', userCookie);
    expect(init.body).toContain('SwaggerUIBundle');
    expect(init.body).toContain('validatorUrl: null');
    expect((await get('/api/docs/json', userCookie)).json()).toEqual(document);
  });

  it('is OpenAPI 3.1 with every /api route, its access level and a response schema', () => {
    expect(document.openapi).toBe('3.1.0');
    const problems = documentProblems(document, t.app.apiRoutes);
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
    // Only the API: no public pages, no docs plumbing.
    for (const path of Object.keys(document.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      expect(path.startsWith('/api/docs'), path).toBe(false);
    }
  });

  it('marks public calls public, describes request bodies and the one error shape', () => {
    const login = document.paths['/api/auth/login']!.post!;
    expect(login['x-access']).toBe('public');
    expect(login.security).toEqual([]);
    expect(login.description).toContain('Access: **public**');
    expect(login.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['username', 'password']),
    });

    const notify = document.paths['/api/notifications']!.post!;
    expect(notify['x-access']).toBe('admin');
    expect(notify.security).toBeUndefined(); // the document's default: the session cookie
    expect(Object.keys(notify.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '500']));
    const errorShape = notify.responses['403']!.content!['application/json']!.schema;
    expect(errorShape).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, code: { type: 'string' } },
      required: ['message', 'code'],
    });

    const timeline = document.paths['/api/leads/{id}/timeline']!.post!;
    expect(timeline.tags).toEqual(['timeline']);
    expect(timeline.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    expect(Object.keys(timeline.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404']));

    // Bodies whose year bound follows the clock are documented too, never as {} (issue 31).
    expect(document.paths['/api/imports']!.post!.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: expect.objectContaining({ clientName: expect.any(Object), idempotencyKey: expect.any(Object) }),
    });
    expect(document.paths['/api/mail/attachments/{id}']!.get!.responses['200']!.content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });

    const csv = document.paths['/api/leads/export.csv']!.get!;
    expect(csv.responses['200']!.content).toHaveProperty('text/csv');
    expect(document.paths['/api/health']!.get!.responses['200']!.content).toHaveProperty('application/json');
  });

  it('documents the optional If-Match header and the 409 on exactly the versioned edits (ADR 022)', () => {
    const lead = document.paths['/api/leads/{id}']!.put!;
    expect(lead.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'if-match', description: IF_MATCH_DESCRIPTION }),
    );
    const ifMatch = lead.parameters!.find((p) => p.in === 'header' && p.name === 'if-match');
    expect(ifMatch).not.toHaveProperty('required', true);
    expect(lead.responses['409']!.description).toContain('STALE_VERSION');
    expect(lead.responses['409']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, code: { type: 'string' } },
      required: ['message', 'code'],
    });

    const withIfMatch = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'if-match'))
        .map(([method, op]) => {
          expect(op.responses['409'], `${method} ${path}`).toBeDefined();
          return `${method.toUpperCase()} ${path}`;
        }),
    );
    expect(withIfMatch.sort()).toEqual(
      [
        'PUT /api/leads/{id}',
        'PUT /api/timeline/{id}',
        'DELETE /api/timeline/{id}',
        'PUT /api/proposals/{id}',
        'DELETE /api/proposals/{id}',
        'PUT /api/settings',
        'PUT /api/imports/{id}',
        'PUT /api/import-costs/{id}',
        'DELETE /api/import-costs/{id}',
        'PUT /api/suppliers/{id}',
        'DELETE /api/suppliers/{id}',
        'PUT /api/email-templates/{id}',
        'PUT /api/users/{id}',
        'PUT /api/tasks/{id}',
        'DELETE /api/tasks/{id}',
      ].sort(),
    );
    // An edit that is not versioned says nothing of If-Match.
    const create = document.paths['/api/leads/{id}/timeline']!.post!;
    expect(create.parameters?.some((p) => p.name === 'if-match')).toBe(false);
    expect(create.responses['409']).toBeUndefined();
  });

  it('fails a route without a response schema, naming it and saying how to fix it', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapiPlugin, { version: 'test' });
    await app.register(authPlugin, { sessions: t.services.sessions, secureCookies: 'auto' });
    app.get('/api/described', { config: { access: 'user' }, schema: { response: { 200: z.object({}) } } }, () => ({}));
    app.post(
      '/api/things/:id',
      { config: { access: 'admin' }, schema: { body: z.object({ a: z.string() }) } },
      () => ({}),
    );
    app.get('/api/hidden', { config: { access: 'public' }, schema: { hide: true } }, () => ({}));
    await app.ready();
    const problems = documentProblems(app.swagger() as unknown as OpenApiDocument, app.apiRoutes);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^POST \/api\/things\/:id: no response schema\. Give the route a zod schema/);
    expect(problems[0]).toContain(`grep -rn "'/api/things/:id'" src/server`);
    expect(problems[1]).toMatch(/^GET \/api\/hidden: missing from the OpenAPI document\. Remove `hide: true`/);
    expect(openApiPath('/api/a/:id/b/:publicId')).toBe('/api/a/{id}/b/{publicId}');
    await app.close();
  });
});
