// Link fields hold only http(s) addresses (see hostile-values.routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { NOW, LINKS, NOT_WEB_LINKS } from './hostile-values.test-helpers.ts';

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

  describe('every link field holds only http(s) addresses', () => {
    it('refuses other schemes on every lead, proposal, quote and listing-extraction write', async () => {
      const leadId = (await insertLead(t.database.db)).id;
      for (const link of NOT_WEB_LINKS) {
        const writes: [Parameters<typeof call>[0], string, unknown, string][] = [
          [
            'POST',
            '/api/leads',
            { firstName: 'A', vehicleMake: 'B', vehicleModel: 'C', vehicleLink: link },
            'vehicleLink',
          ],
          [
            'POST',
            '/api/leads/manual',
            { firstName: 'A', vehicleMake: 'B', vehicleModel: 'C', vehicleLink: link },
            'vehicleLink',
          ],
          ['PUT', `/api/leads/${leadId}`, { vehicleLink: link }, 'vehicleLink'],
          ['POST', `/api/leads/${leadId}/proposals`, { sourceListing: link }, 'sourceListing'],
          ['POST', '/api/scrape-vehicle-data', { url: link }, 'url'],
        ];
        for (const [method, url, payload, field] of writes) {
          const res = await call(method, url, payload);
          expect(res.statusCode, `${method} ${url} ${link}`).toBe(400);
          expect(res.json().fields?.[field], `${method} ${url} ${link}`).toBeTruthy();
        }
        const quote = await t.app.inject({
          method: 'POST',
          url: '/api/contact-form',
          remoteAddress: '10.9.8.7',
          payload: {
            name: 'Ana',
            email: 'ana@example.pt',
            phone: '912000111',
            vehicleChoice: 'specific',
            vehicleLink: link,
            formDuration: 9000,
            honeypot: '',
          },
        });
        expect(quote.statusCode, link).toBe(400);
        expect(quote.json().fields?.vehicleLink, link).toBeTruthy();
      }
      expect((await ok('GET', `/api/leads/${leadId}`)).vehicleLink).toBeNull();
    });

    it('stores the quote form link normalised', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-form',
        remoteAddress: '10.9.8.6',
        payload: {
          name: 'Ana Link',
          email: 'ana.link@example.pt',
          phone: '912000111',
          vehicleChoice: 'specific',
          vehicleLink: LINKS[0]![0],
          formDuration: 9000,
          honeypot: '',
        },
      });
      expect(res.statusCode).toBe(200);
      const list = await ok('GET', `/api/leads?search=${encodeURIComponent('ana.link@example.pt')}`);
      expect((await ok('GET', `/api/leads/${list.items[0].id}`)).vehicleLink).toBe(LINKS[0]![1]);
    });
  });
});
