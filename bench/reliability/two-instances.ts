// Two instances of the compiled server on one PostgreSQL database, under the load of load.ts spread
// over both: live events published on one instance reach the staff sockets of both (ADR 006:
// LISTEN/NOTIFY), and each scheduled job attempt runs on exactly one of them (ADR 014: the claim
// in job_runs). Both run at LOG_LEVEL=info (the production default) so that each instance's
// "job done" lines say which one ran what.
import pg from 'pg';
import WebSocket from 'ws';
import { stopChild } from '../lib/cleanup.ts';
import { spawnApp, waitFor200, type Spawned } from '../lib/server.ts';
import { SERVER_ENV, type PreparedBackend } from './app-server.ts';
import { createClient, json } from './http-client.ts';
import type { LoadRun } from './load-figures.ts';
import { runLoad } from './load.ts';
import { prepareLoad } from './load-setup.ts';
import { findMissingWrites } from './load-checks.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

interface LiveMessage {
  type: string;
  data: { leadId?: number; byUserId?: number };
  at: number;
}

/** A staff socket on /api/ws that keeps every message it receives. */
class LiveSocket {
  readonly messages: LiveMessage[] = [];
  private readonly ws: WebSocket;
  private waiters = new Set<() => void>();
  closed: string | null = null;

  private constructor(url: string, cookie: string) {
    this.ws = new WebSocket(url, { headers: { cookie } });
    this.ws.on('message', (raw) => {
      const parsed = JSON.parse(String(raw)) as Omit<LiveMessage, 'at'>;
      this.messages.push({ ...parsed, at: performance.now() });
      for (const w of this.waiters) w();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = `${code} ${String(reason)}`;
      for (const w of this.waiters) w();
    });
    this.ws.on('error', () => {}); // reported through 'close'
  }

  static async open(server: Spawned, cookie: string): Promise<LiveSocket> {
    const socket = new LiveSocket(`ws://127.0.0.1:${server.port}/api/ws`, cookie);
    await socket.waitFor(() => socket.messages.some((m) => m.type === 'connected'), 10_000, 'the connected message');
    return socket;
  }

  /** Resolves once `done()` holds (checked after every message), rejects after `timeoutMs`. */
  waitFor(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (done()) finish(resolve);
        else if (this.closed) finish(() => reject(new Error(`socket closed (${this.closed}) waiting for ${what}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${what} within ${timeoutMs} ms`))), timeoutMs);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        then();
      };
      this.waiters.add(check);
      check();
    });
  }

  close() {
    this.ws.terminate();
  }
}

/** The "job done" / "job failed" lines and "jobs runner started" of one instance's log. */
function watchJobLines(server: Spawned) {
  const attempts: { job: string; slot: string; attempt: number; msg: string }[] = [];
  let runnerStarted = false;
  let partial = '';
  server.child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"job')) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; job?: string; slot?: string; attempt?: number };
        if (entry.msg === 'jobs runner started') runnerStarted = true;
        else if (entry.job && entry.slot && entry.msg?.startsWith('job ') && entry.attempt !== undefined)
          if (['job done', 'job failed', 'job failed; will retry'].includes(entry.msg))
            attempts.push({ job: entry.job, slot: entry.slot, attempt: entry.attempt, msg: entry.msg });
      } catch {
        /* not a JSON line */
      }
    }
  });
  return { attempts, runnerStarted: () => runnerStarted };
}

interface JobRunRow {
  job: string;
  slot: Date;
  attempt: number;
  finished_at: Date | null;
  error: string | null;
}

export interface TwoInstancesResult {
  load: LoadRun;
  missing: { quotes: string[]; timeline: number[] };
  events: {
    /** Per instance: quote requests' lead_created and timeline entries' lead_updated its socket received. */
    received: { leadCreated: number; leadUpdated: number }[];
    expected: { leadCreated: number; leadUpdated: number };
    /**
     * A timeline entry written through one instance in the middle of the load: ms until its answer,
     * and until its event arrived on the other instance's socket (both from sending it).
     */
    probes: { from: number; to: number; answerMs: number; eventMs: number }[];
  };
  jobs: {
    runnersStarted: boolean[];
    /** Every job attempt of the window, with the instances whose log says they ran it. */
    attempts: { job: string; slot: string; attempt: number; ok: boolean; ranOn: number[] }[];
    /** Attempts that ran on no instance or on both (must be none), and slots with two successes. */
    notOnce: string[];
  };
}

async function jobRuns(databaseUrl: string, since: Date): Promise<JobRunRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<JobRunRow>(
      'select job, slot, attempt, finished_at, error from job_runs where started_at >= $1 order by slot, job, attempt',
      [since],
    );
    return rows;
  } finally {
    await client.end();
  }
}

export async function twoInstances(
  prepared: PreparedBackend,
  opts: { clients: number; seconds: number; tag: string },
): Promise<TwoInstancesResult> {
  if (prepared.backend.kind !== 'postgres') throw new Error('two instances need PostgreSQL');
  const databaseUrl = prepared.backend.databaseUrl;
  const since = new Date(Date.now() - 1000);
  // Mail polling every minute (first look 30 s after start) and the outbox every minute (first
  // look after 5 s): both instances look at the same slots.
  const env = { ...SERVER_ENV, ...prepared.filesEnv, LOG_LEVEL: 'info', MAIL_POLL_MINUTES: '1' };
  const servers = await Promise.all([spawnApp(prepared.backend, env), spawnApp(prepared.backend, env)]);
  const watchers = servers.map(watchJobLines);
  const sockets: LiveSocket[] = [];
  try {
    await Promise.all(servers.map((s) => waitFor200(s, '/api/health', { timeoutMs: 90_000 })));
    const setup = await prepareLoad(servers[0]!, { sessions: 8, leads: 64 });
    // Admin on one instance, role user on the other: both are staff, so both get every staff event.
    for (const [i, server] of servers.entries()) sockets.push(await LiveSocket.open(server, setup.cookies[i]!));

    // Under the load, one write through each instance on a lead of its own, timed from sending it
    // until its event arrives on the other instance's socket.
    const probeLeads: number[] = [];
    {
      const client = createClient(servers[0]!.baseUrl);
      for (const name of ['Probe A', 'Probe B']) {
        const res = await json(
          client,
          'POST',
          '/api/leads/manual',
          { firstName: name, vehicleMake: 'Seat', vehicleModel: 'Ibiza' },
          { cookie: setup.cookies[0] },
        );
        if (res.status !== 201) throw new Error(`creating a probe lead answered ${res.status}: ${res.body}`);
        probeLeads.push((res.json() as { id: number }).id);
      }
      client.close();
    }
    const probe = async (from: 0 | 1, to: 0 | 1) => {
      const client = createClient(servers[from]!.baseUrl);
      const leadId = probeLeads[from]!;
      const target = sockets[to]!;
      const t0 = performance.now();
      const res = await json(
        client,
        'POST',
        `/api/leads/${leadId}/timeline`,
        { type: 'chat', title: `Probe ${from} to ${to}`, description: 'live event probe' },
        { cookie: setup.cookies[from], timeoutMs: 60_000 },
      );
      const answerMs = performance.now() - t0;
      client.close();
      if (res.status !== 201) throw new Error(`the probe write answered ${res.status}: ${res.body}`);
      const found = () => target.messages.find((m) => m.type === 'lead_updated' && m.data.leadId === leadId);
      await target.waitFor(() => found() !== undefined, 30_000, `the probe's event on instance ${to}`);
      return { from, to, answerMs: round1(answerMs), eventMs: round1(found()!.at - t0) };
    };
    const probing = async () => {
      await new Promise((resolve) => setTimeout(resolve, (opts.seconds * 1000) / 2));
      return [await probe(0, 1), await probe(1, 0)];
    };
    const [load, probes] = await Promise.all([runLoad(servers, setup, { ...opts, databaseUrl }), probing()]);

    // Every acknowledged quote request announces its lead (lead_created without a user) and every
    // timeline entry its lead (lead_updated on a seeded lead), on whichever instance took it.
    const seeded = new Set(setup.leadIds);
    const receivedBy = (socket: LiveSocket) => ({
      leadCreated: socket.messages.filter((m) => m.type === 'lead_created' && m.data.byUserId === undefined).length,
      leadUpdated: socket.messages.filter((m) => m.type === 'lead_updated' && seeded.has(m.data.leadId ?? -1)).length,
    });
    const expected = { leadCreated: load.acknowledged.quotes.length, leadUpdated: load.acknowledged.timeline.length };
    await Promise.all(
      sockets.map((socket) =>
        socket
          .waitFor(
            () => {
              const got = receivedBy(socket);
              return got.leadCreated >= expected.leadCreated && got.leadUpdated >= expected.leadUpdated;
            },
            20_000,
            'events of every acknowledged write',
          )
          .catch(() => {}),
      ),
    );
    const received = sockets.map(receivedBy);

    const missing = await findMissingWrites(servers[1]!, setup.cookies[0]!, load.acknowledged);

    // Jobs: wait for attempts still running to finish (and their log lines to arrive).
    let rows = await jobRuns(databaseUrl, since);
    for (let i = 0; i < 50 && rows.some((r) => !r.finished_at); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await jobRuns(databaseUrl, since);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const attempts = rows.map((r) => {
      const slot = r.slot.toISOString();
      const ranOn = watchers.flatMap((w, i) =>
        w.attempts.filter((a) => a.job === r.job && a.slot === slot && a.attempt === r.attempt).map(() => i),
      );
      return { job: r.job, slot, attempt: r.attempt, ok: r.finished_at !== null && r.error === null, ranOn };
    });
    const notOnce = attempts
      .filter((a) => a.ranOn.length !== 1)
      .map((a) => `${a.job} ${a.slot} attempt ${a.attempt}: ran on instances [${a.ranOn.join(', ')}]`);
    // Log lines of attempts the table does not have (a run without its claim).
    for (const [i, w] of watchers.entries())
      for (const a of w.attempts)
        if (!attempts.some((r) => r.job === a.job && r.slot === a.slot && r.attempt === a.attempt))
          notOnce.push(`${a.job} ${a.slot} attempt ${a.attempt}: ran on instance ${i} without a job_runs row`);
    const successes = new Map<string, number>();
    for (const a of attempts.filter((x) => x.ok))
      successes.set(`${a.job} ${a.slot}`, (successes.get(`${a.job} ${a.slot}`) ?? 0) + 1);
    for (const [slot, n] of successes) if (n > 1) notOnce.push(`${slot}: succeeded ${n} times`);

    return {
      load,
      missing,
      events: { received, expected, probes },
      jobs: { runnersStarted: watchers.map((w) => w.runnerStarted()), attempts, notOnce },
    };
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((s) => stopChild(s.child)));
  }
}
