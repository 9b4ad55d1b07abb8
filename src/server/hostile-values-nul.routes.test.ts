// Text with a NUL character answers 400 on its field, never 500 (see hostile-values.routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { NUL_MESSAGE } from '#shared/text.ts';
import { NOW } from './hostile-values.test-helpers.ts';

describe('hostile values', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let username: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
    username = signedIn.user.username;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };

  describe('text with a NUL character answers 400 on its field, anonymous or staff', () => {
    const expectNul = (
      res: { statusCode: number; json: () => { message: string; fields?: Record<string, string> } },
      field: string,
    ) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.[field]).toBe(NUL_MESSAGE);
    };

    it('login', async () => {
      for (const payload of [
        { username: 'ad\u0000min', password: 'x' },
        { username: 'admin', password: 'pass\u0000word' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expectNul(res, 'username' in payload && payload.username.includes('\u0000') ? 'username' : 'password');
      }
    });

    it('the quote form', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-form',
        remoteAddress: '10.9.9.9',
        payload: {
          name: 'Ana\u0000',
          email: 'ana@example.pt',
          phone: '912000111',
          vehicleChoice: 'specific',
          vehicleLink: 'https://www.mobile.de/x',
          formDuration: 9000,
          honeypot: '',
        },
      });
      expectNul(res, 'name');
    });

    it('notes, timeline, quick contact, proposals, profile, search and ids in paths', async () => {
      const leadId = (await insertLead(t.database.db)).id;
      const entry = await ok('POST', `/api/leads/${leadId}/quick-contact`, { type: 'call', notes: 'ok' });
      const cases: [Parameters<typeof call>[0], string, unknown, string][] = [
        ['PUT', `/api/leads/${leadId}`, { notes: 'a\u0000b' }, 'notes'],
        ['POST', '/api/leads/manual', { firstName: 'A', vehicleMake: 'B\u0000', vehicleModel: 'C' }, 'vehicleMake'],
        ['POST', `/api/leads/${leadId}/timeline`, { type: 'call', title: 't', description: '\u0000' }, 'description'],
        [
          'PUT',
          `/api/timeline/${entry.id}`,
          { type: 'call', title: 't', description: 'd', metadata: { outcome: '\u0000' } },
          'metadata.outcome',
        ],
        ['POST', `/api/leads/${leadId}/quick-contact`, { type: 'chat', notes: 'x\u0000' }, 'notes'],
        ['POST', `/api/leads/${leadId}/proposals`, { vehicleBrand: 'BMW\u0000' }, 'vehicleBrand'],
        ['PUT', `/api/users/${userId}`, { username, email: 'a@b.pt', firstName: '\u0000' }, 'firstName'],
        ['GET', '/api/leads?search=a%00b', undefined, 'search'],
        ['GET', '/api/leads/export.csv?search=%00', undefined, 'search'],
        ['GET', '/api/proposals/public/abc%00def', undefined, 'publicId'],
      ];
      for (const [method, url, payload, field] of cases) {
        const res = await call(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().fields?.[field], `${method} ${url}`).toBe(NUL_MESSAGE);
      }
      expect((await ok('GET', `/api/leads/${leadId}`)).notes).toBeNull();
    });
  });
});
