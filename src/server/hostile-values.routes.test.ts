// Hostile-but-valid values through every staff write, and every answer read back (issue 18): what a
// request may write, no later answer may refuse. Plus the class of bad input that must answer 4xx,
// not 500: NUL characters, ids beyond the id columns' range, links that are not http(s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { wellFormed } from '#shared/text.ts';
import { NOW, NASTY, fill, stored, LINKS } from './hostile-values.test-helpers.ts';

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

  describe('every staff write takes them and every answer reads them back', () => {
    const leadFields = (i: number) => ({
      firstName: i ? fill(100) : NASTY,
      lastName: i ? fill(100) : NASTY,
      email: i ? `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.pt` : 'a+tag@example.pt',
      phone: i ? fill(50) : '+351 (912) 000-111 ext. 🚗',
      vehicleMake: i ? fill(100) : NASTY,
      vehicleModel: i ? fill(100) : NASTY,
      vehicleLink: LINKS[i % LINKS.length]![0],
      notes: i ? fill(1000) : NASTY,
    });
    const expectLead = (lead: Record<string, unknown>, sent: ReturnType<typeof leadFields>, i: number) => {
      for (const key of ['firstName', 'lastName', 'phone', 'vehicleMake', 'vehicleModel', 'notes'] as const)
        expect(lead[key], key).toBe(key === 'notes' ? wellFormed(sent[key]) : stored(sent[key]));
      expect(lead.email).toBe(sent.email);
      expect(lead.vehicleLink).toBe(LINKS[i % LINKS.length]![1]);
    };
    /** The lead's detail, its list row (searched by reference) and the CSV export all answer. */
    const readLeadBack = async (id: number) => {
      const lead = await ok('GET', `/api/leads/${id}`);
      const list = await ok('GET', `/api/leads?search=${encodeURIComponent(lead.reference)}&status=${lead.status}`);
      expect(list.items.map((l: { id: number }) => l.id)).toContain(id);
      expect(list.items.find((l: { id: number }) => l.id === id).firstName).toBe(lead.firstName);
      const csv = await call('GET', `/api/leads/export.csv?search=${encodeURIComponent(lead.reference)}`);
      expect(csv.statusCode).toBe(200);
      return lead;
    };

    for (const i of [0, 1, 2]) {
      it(`creates, creates manually and updates a lead (set ${i})`, async () => {
        const sent = leadFields(i);
        const created = await ok('POST', '/api/leads', sent);
        expectLead(created, sent, i);
        expectLead(await readLeadBack(created.id), sent, i);

        const manual = await ok('POST', '/api/leads/manual', sent);
        expectLead(manual, sent, i);
        expectLead(await readLeadBack(manual.id), sent, i);

        const update = leadFields((i + 1) % 3);
        const updated = await ok('PUT', `/api/leads/${created.id}`, update);
        expectLead(updated, update, (i + 1) % 3);
        expectLead(await readLeadBack(created.id), update, (i + 1) % 3);
      });
    }

    it('logs timeline entries and quick contacts, edits them, and lists them', async () => {
      const leadId = (await insertLead(t.database.db)).id;
      const entries = [
        {
          type: 'call',
          title: NASTY,
          description: NASTY,
          metadata: { duration: NASTY, outcome: NASTY, followUp: NASTY },
        },
        {
          type: 'chat',
          title: fill(200),
          description: fill(5000),
          metadata: { duration: fill(50), outcome: fill(500), followUp: fill(500), threadId: fill(500) },
        },
      ];
      const ids: number[] = [];
      for (const entry of entries) {
        const created = await ok('POST', `/api/leads/${leadId}/timeline`, entry);
        expect(created.title).toBe(stored(entry.title));
        expect(created.description).toBe(stored(entry.description));
        expect(created.metadata.duration).toBe(wellFormed(entry.metadata.duration));
        ids.push(created.id);
        const edited = await ok('PUT', `/api/timeline/${created.id}`, { ...entry, title: NASTY.repeat(2) });
        expect(edited.title).toBe(stored(NASTY.repeat(2)));
      }
      for (const notes of [NASTY, fill(5000)]) {
        const quick = await ok('POST', `/api/leads/${leadId}/quick-contact`, { type: 'chat', notes });
        expect(quick.description).toBe(stored(notes));
        ids.push(quick.id);
      }
      const timeline = await ok('GET', `/api/leads/${leadId}/timeline`);
      expect(timeline.map((e: { id: number }) => e.id).sort()).toEqual([...ids].sort());
      await ok('GET', `/api/leads/${leadId}`);
    });

    it('creates and updates proposals with accented, spaced and piped listing links; every answer reads them', async () => {
      const leadId = (await insertLead(t.database.db)).id;
      const proposal = (i: number) => ({
        vehicleBrand: i ? fill(100) : NASTY,
        vehicleModel: i ? fill(100) : NASTY,
        vehicleSubmodel: i ? fill(255) : NASTY,
        vehiclePower: i ? fill(50) : NASTY,
        vehicleCountry: i ? fill(100) : NASTY,
        vehicleFuelType: 'diesel',
        vehicleEngineSize: '1995',
        vehicleCo2Emissions: '119',
        vehicleFirstRegistration: '03/2021',
        vehiclePrice: '24.500,00',
        sourceListing: LINKS[i % LINKS.length]![0],
      });
      const check = (p: Record<string, unknown>, i: number) => {
        const sent = proposal(i);
        for (const key of [
          'vehicleBrand',
          'vehicleModel',
          'vehicleSubmodel',
          'vehiclePower',
          'vehicleCountry',
        ] as const)
          expect(p[key], key).toBe(stored(sent[key]));
        expect(p.sourceListing).toBe(LINKS[i % LINKS.length]![1]);
      };
      for (const i of [0, 1, 2]) {
        const { proposal: created } = await ok('POST', `/api/leads/${leadId}/proposals`, proposal(i));
        check(created, i);
        const { proposal: updated } = await ok('PUT', `/api/proposals/${created.id}`, proposal((i + 1) % 3));
        check(updated, (i + 1) % 3);
        const { proposal: publicView } = await ok('GET', `/api/proposals/public/${created.publicId}`);
        expect(publicView.sourceListing).toBe(LINKS[(i + 1) % 3]![1]);
      }
      const list = await ok('GET', `/api/leads/${leadId}/proposals`);
      expect(list).toHaveLength(3);
      await ok('GET', `/api/leads/${leadId}`);
    });

    it('saves the profile and reads it back', async () => {
      for (const [firstName, lastName] of [
        [NASTY, NASTY],
        [fill(100), fill(100)],
      ] as const) {
        const saved = await ok('PUT', `/api/users/${userId}`, {
          username,
          email: 'perfil+🚗@example.pt'.replace('🚗', 'x'),
          firstName,
          lastName,
        });
        expect(saved.firstName).toBe(stored(firstName));
        expect(saved.lastName).toBe(stored(lastName));
        const me = await ok('GET', '/api/auth/user');
        expect(me.firstName).toBe(stored(firstName));
      }
    });
  });
});
