// Hostile-but-valid values through every staff write, and every answer read back (issue 18): what a
// request may write, no later answer may refuse. Plus the class of bad input that must answer 4xx,
// not 500: NUL characters, ids beyond the id columns' range, links that are not http(s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { INT4_MAX } from '#shared/schemas/common.ts';
import { NUL_MESSAGE, wellFormed } from '#shared/text.ts';

const NOW = new Date('2026-03-15T10:00:00Z');

/** Accents, emoji (surrogate pairs), quotes, markup, '|', a backslash, a tab and a lone surrogate. */
const NASTY = 'Çãoü ß 🚗🇵🇹 "q" \'s\' <b>&amp;</b> | \\ \t fim \uD83D';

/** Exactly `max` UTF-16 units of hostile text (what the contracts count), never ending inside an emoji pair. */
function fill(max: number): string {
  let s = '';
  while (s.length < max) s += 'Ção🚗 |\uDC00';
  s = s.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(s) ? `${s.slice(0, -1)}x` : s;
}

/** What a text field reads back as: trimmed, lone surrogates replaced by U+FFFD. */
const stored = (s: string) => wellFormed(s).trim();

/** Listing links with accents, spaces and '|', as marketplaces and staff paste them, and their stored form. */
const LINKS: [string, string][] = [
  [
    'https://www.standvirtual.com/carros/anuncio/citroën-c3-ID8PQx.html',
    'https://www.standvirtual.com/carros/anuncio/citro%C3%ABn-c3-ID8PQx.html',
  ],
  ['https://www.mobile.de/auto-inserat/vw golf|gti/1.html', 'https://www.mobile.de/auto-inserat/vw%20golf|gti/1.html'],
  ['www.autoscout24.de/angebote/bmw-320-ä?x=ü|y', 'https://www.autoscout24.de/angebote/bmw-320-%C3%A4?x=%C3%BC|y'],
];

const NOT_WEB_LINKS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(document.cookie)',
  'javascript://%0aalert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'https://www.mobile.de@evil.example/',
];

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
