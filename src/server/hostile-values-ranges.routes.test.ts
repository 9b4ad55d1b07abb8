// Dates and ids beyond what the database keeps answer 4xx, never 500 (see hostile-values.routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { INT4_MAX } from '#shared/schemas/common.ts';
import { NOW } from './hostile-values.test-helpers.ts';

describe('hostile values', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };

  it('dates outside what the database and JavaScript both keep answer 400, never 500 or another year', async () => {
    const leadId = (await insertLead(t.database.db)).id;
    for (const createdAt of [
      '0001-01-01T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
    ]) {
      const res = await call('POST', `/api/leads/${leadId}/timeline`, {
        type: 'call',
        title: 't',
        description: 'd',
        createdAt,
      });
      expect(res.statusCode, createdAt).toBe(400);
    }
    const kept = await ok('POST', `/api/leads/${leadId}/timeline`, {
      type: 'call',
      title: 't',
      description: 'd',
      createdAt: '2024-02-29T23:59:59.123456789-12:00',
    });
    expect(kept.createdAt).toBe('2024-03-01T11:59:59.123Z');
    expect((await ok('GET', `/api/leads/${leadId}/timeline`))[0].createdAt).toBe('2024-03-01T11:59:59.123Z');
  });

  describe('ids beyond the id columns answer 4xx, never 500', () => {
    it.each([
      ['GET', '/api/leads/99999999999'],
      ['GET', `/api/leads/${INT4_MAX + 1}`],
      ['PUT', '/api/leads/99999999999'],
      ['GET', '/api/leads/99999999999/timeline'],
      ['POST', '/api/leads/99999999999/quick-contact'],
      ['GET', '/api/leads/99999999999/proposals'],
      ['POST', '/api/leads/99999999999/proposals'],
      ['PUT', '/api/proposals/99999999999'],
      ['DELETE', '/api/proposals/99999999999'],
      ['PUT', '/api/timeline/99999999999'],
      ['DELETE', '/api/timeline/99999999999'],
      ['PUT', '/api/users/99999999999'],
      ['POST', '/api/leads/99999999999/star'],
      ['GET', '/api/leads/1e400'],
    ] as const)('%s %s', async (method, url) => {
      const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : { notes: 'x' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/id|not found/i);
    });

    it('the largest id is simply not found, and ids in bodies are bounded too', async () => {
      expect((await call('GET', `/api/leads/${INT4_MAX}`)).statusCode).toBe(404);
      const leadId = (await insertLead(t.database.db)).id;
      const merge = await call('POST', `/api/leads/${leadId}/merge`, { otherId: 99999999999 });
      expect(merge.statusCode).toBe(400);
      expect(merge.json().fields.otherId).toMatch(/out of range/);
    });
  });
});
