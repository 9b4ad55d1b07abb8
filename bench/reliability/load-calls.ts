// The calls of the load (bench/reliability/load.ts): which kinds, in what mix, and how each is sent.
import { json, type Answer, type Client } from './http-client.ts';

export const CALL_KINDS = ['list', 'search', 'detail', 'timeline', 'quote', 'isv'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Share of each call in the mix, out of 100: the back office reads most, the public site writes. */
export const MIX: Record<CallKind, number> = { list: 25, search: 20, detail: 20, timeline: 15, quote: 10, isv: 10 };

/** Labels for reports: what each kind calls. */
export const CALL_LABELS: Record<CallKind, string> = {
  list: 'GET /api/leads?limit=50',
  search: 'GET /api/leads?search=…&limit=50',
  detail: 'GET /api/leads/{id}',
  timeline: 'POST /api/leads/{id}/timeline',
  quote: 'POST /api/contact-form',
  isv: 'POST /api/isv/simulate',
};

/** A call unanswered this long counts as an error (slow answers show in the percentiles; this catches hangs). */
const CALL_TIMEOUT_MS = 60_000;

export interface LoadSetup {
  /** Staff session cookies (admin and role user, alternating); sessions live in the database, so any instance accepts them. */
  cookies: string[];
  /** Leads created before the load: detail reads and timeline writes go to them. */
  leadIds: number[];
}

export interface Acknowledged {
  quotes: { email: string; server: number }[];
  timeline: { id: number; leadId: number; server: number }[];
}

/** Search terms: names and cars of seeded leads, the quote requests' name, a phone fragment, no match. */
const SEARCH_TERMS = ['Silva', 'golf', 'Ferr', 'Load Quote', '912', 'Tesla', 'nothing-matches-this', 'costa'];

const ISV_BODIES = [
  { fuel: 'petrol', engineCc: 1498, co2: 130, co2Cycle: 'wltp', firstRegistration: '2019-05-10', price: 18_500 },
  { fuel: 'diesel', engineCc: 1995, co2: 120, co2Cycle: 'nedc', firstRegistration: '2016-03-01' },
  { fuel: 'electric', firstRegistration: '2021-09-15', price: 32_000 },
  { fuel: 'petrol', engineCc: 1998, co2: 35, hybrid: 'plugin', electricRangeKm: 60, firstRegistration: null },
  { fuel: 'lpg', engineCc: 999, co2: 110, registrationCountry: 'non_eu', firstRegistration: '2020-01-20' },
];

const quoteBody = (email: string, n: number) => ({
  name: 'Load Quote',
  email,
  phone: `+351 92${String(n % 10_000_000).padStart(7, '0')}`,
  vehicleChoice: 'brand_model',
  vehicleLink: '',
  brand: 'Peugeot',
  model: '308',
  budget: '18.000',
  year: '2020',
  mileage: '60 000',
  transmission: 'manual',
  fuelType: 'gasoleo',
  honeypot: '',
  formDuration: 9100,
});

export function pickKind(rnd: number): CallKind {
  let acc = 0;
  for (const kind of CALL_KINDS) {
    acc += MIX[kind];
    if (rnd * 100 < acc) return kind;
  }
  return 'list';
}

/**
 * Sends one call of `kind` as client `c` to `server`; an acknowledged write is added to
 * `acknowledged`, and a tag in the quote e-mails keeps each run's writes apart.
 */
export function createCaller(setup: LoadSetup, tag: string, acknowledged: Acknowledged) {
  let quoteCounter = 0;
  return async (client: Client, c: number, server: number, kind: CallKind): Promise<Answer> => {
    const cookie = setup.cookies[c % setup.cookies.length]!;
    const timeoutMs = CALL_TIMEOUT_MS;
    // Each client is one address (X-Forwarded-For is trusted from loopback); each quote request
    // comes from an address of its own, as from different visitors (the form allows 10 an hour each).
    const ip = `10.1.${(c >> 8) & 255}.${c & 255}`;
    const lead = () => setup.leadIds[Math.floor(Math.random() * setup.leadIds.length)]!;
    switch (kind) {
      case 'list':
        return json(client, 'GET', '/api/leads?limit=50', undefined, { cookie, ip, timeoutMs });
      case 'search': {
        const term = SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)]!;
        return json(client, 'GET', `/api/leads?search=${encodeURIComponent(term)}&limit=50`, undefined, {
          cookie,
          ip,
          timeoutMs,
        });
      }
      case 'detail':
        return json(client, 'GET', `/api/leads/${lead()}`, undefined, { cookie, ip, timeoutMs });
      case 'timeline': {
        const leadId = lead();
        const res = await json(
          client,
          'POST',
          `/api/leads/${leadId}/timeline`,
          { type: 'call', title: `Load call ${tag}`, description: `client ${c} on server ${server}` },
          { cookie, ip, timeoutMs },
        );
        if (res.status === 201) acknowledged.timeline.push({ id: (res.json() as { id: number }).id, leadId, server });
        return res;
      }
      case 'quote': {
        quoteCounter += 1;
        const n = quoteCounter;
        const email = `load-${tag}-${n}@example.pt`;
        const res = await json(client, 'POST', '/api/contact-form', quoteBody(email, n), {
          ip: `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`,
          timeoutMs,
        });
        if (res.status === 200) acknowledged.quotes.push({ email, server });
        return res;
      }
      case 'isv':
        return json(client, 'POST', '/api/isv/simulate', ISV_BODIES[c % ISV_BODIES.length], { ip, timeoutMs });
    }
  };
}
