// Crash: writers send quote requests (public form) and timeline entries as fast as the server
// acknowledges them; the server is killed with SIGKILL in the middle; after a restart on the same
// database every acknowledged write must be there. Each round's restarted server checks the
// previous round and carries the next one.
import type { Spawned } from '../lib/server.ts';
import { STAFF, startServer, type PreparedBackend } from './app-server.ts';
import { createClient, json, login, type Client } from './http-client.ts';

export interface CrashRound {
  round: number;
  /** Writes answered 2xx before the kill. */
  acknowledged: { quotes: number; timeline: number };
  /** Acknowledged writes not found after the restart. */
  missing: { quotes: string[]; timeline: number[] };
  /** Writes sent and not answered when the server died (may or may not be stored: never acknowledged). */
  unanswered: number;
  /** Milliseconds the load ran before the kill. */
  loadMs: number;
  /** Milliseconds from spawning the restarted server to its first answer. */
  restartMs: number;
}

interface Acks {
  quotes: string[];
  timeline: number[];
  leadId: number;
}

export const quoteBody = (email: string, n: number) => ({
  name: 'Crash Test',
  email,
  phone: `+351 91${String(n % 10_000_000).padStart(7, '0')}`,
  vehicleChoice: 'brand_model',
  vehicleLink: '',
  brand: 'Volkswagen',
  model: 'Golf',
  budget: '25.000',
  year: '2019',
  mileage: '100 000',
  transmission: 'automatica',
  fuelType: 'gasolina',
  honeypot: '',
  formDuration: 8200,
});

/** Runs writers until the server dies; answers what was acknowledged. */
async function loadUntilKilled(
  server: Spawned,
  client: Client,
  cookie: string,
  opts: { round: number; writers: number; killAfterMs: number },
): Promise<Acks & { unanswered: number; loadMs: number }> {
  const lead = await json(
    client,
    'POST',
    '/api/leads/manual',
    { firstName: `Crash ${opts.round}`, vehicleMake: 'Fiat', vehicleModel: 'Panda' },
    { cookie },
  );
  if (lead.status !== 201) throw new Error(`creating the lead answered ${lead.status}: ${lead.body}`);
  const leadId = (lead.json() as { id: number }).id;
  const acks: Acks = { quotes: [], timeline: [], leadId };
  let unanswered = 0;
  let dead = false;
  let n = 0;
  const writer = async (kind: 'quote' | 'timeline') => {
    while (!dead) {
      n += 1;
      const i = n;
      const email = `crash-${opts.round}-${i}@example.pt`;
      try {
        if (kind === 'quote') {
          const res = await json(client, 'POST', '/api/contact-form', quoteBody(email, opts.round * 100_000 + i), {
            ip: `10.9.${(i >> 8) & 255}.${i & 255}`,
          });
          if (res.status === 200) acks.quotes.push(email);
          else if (!dead) throw new Error(`quote request answered ${res.status}: ${res.body}`);
        } else {
          const res = await json(
            client,
            'POST',
            `/api/leads/${leadId}/timeline`,
            { type: 'call', title: `Call ${i}`, description: `crash round ${opts.round} write ${i}` },
            { cookie },
          );
          if (res.status === 201) acks.timeline.push((res.json() as { id: number }).id);
          else if (!dead) throw new Error(`timeline write answered ${res.status}: ${res.body}`);
        }
      } catch (err) {
        if (server.child.exitCode === null && server.child.signalCode === null && !dead) throw err;
        unanswered += 1;
        return;
      }
    }
  };
  const started = performance.now();
  const kinds = Array.from({ length: opts.writers }, (_v, i): 'quote' | 'timeline' =>
    i % 2 === 0 ? 'quote' : 'timeline',
  );
  const running = Promise.all(kinds.map(writer));
  // The kill comes at a random moment, once some writes of both kinds have been acknowledged (a
  // busy machine may take seconds for the first ones), with others in flight.
  const deadline = started + 60_000;
  while (
    performance.now() < deadline &&
    (performance.now() - started < opts.killAfterMs || acks.quotes.length < 3 || acks.timeline.length < 3)
  )
    await new Promise((resolve) => setTimeout(resolve, 20));
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  dead = true;
  server.child.kill('SIGKILL');
  const loadMs = performance.now() - started;
  await exited;
  await running;
  return { ...acks, unanswered, loadMs };
}

/** The acknowledged writes that the restarted server does not have. */
async function findMissing(client: Client, cookie: string, acks: Acks): Promise<CrashRound['missing']> {
  const timeline = await json(client, 'GET', `/api/leads/${acks.leadId}/timeline`, undefined, { cookie });
  if (timeline.status !== 200) throw new Error(`reading the timeline answered ${timeline.status}`);
  const stored = new Set((timeline.json() as { id: number }[]).map((e) => e.id));
  const csv = await client.send({ method: 'GET', path: '/api/leads/export.csv', headers: { cookie } });
  if (csv.status !== 200) throw new Error(`the leads export answered ${csv.status}`);
  return {
    quotes: acks.quotes.filter((email) => !csv.body.includes(email)),
    timeline: acks.timeline.filter((id) => !stored.has(id)),
  };
}

/** `rounds` kills, each after `loadMs` (±50%) of writes and at least 3 of each kind; the server is left stopped. */
export async function crashRounds(
  prepared: PreparedBackend,
  opts: { rounds: number; loadMs: number; writers: number },
): Promise<CrashRound[]> {
  const results: CrashRound[] = [];
  let server = await startServer(prepared);
  let client = createClient(server.baseUrl);
  try {
    for (let round = 1; round <= opts.rounds; round++) {
      const cookie = await login(client, STAFF.admin.username, STAFF.admin.password);
      const killAfterMs = Math.round(opts.loadMs * (0.5 + Math.random()));
      const load = await loadUntilKilled(server, client, cookie, { round, writers: opts.writers, killAfterMs });
      client.close();
      const spawnedAt = performance.now();
      server = await startServer(prepared);
      const restartMs = performance.now() - spawnedAt;
      client = createClient(server.baseUrl);
      const checkCookie = await login(client, STAFF.admin.username, STAFF.admin.password);
      const missing = await findMissing(client, checkCookie, load);
      results.push({
        round,
        acknowledged: { quotes: load.quotes.length, timeline: load.timeline.length },
        missing,
        unanswered: load.unanswered,
        loadMs: Math.round(load.loadMs),
        restartMs: Math.round(restartMs),
      });
    }
  } finally {
    client.close();
    await server.stop();
  }
  return results;
}
