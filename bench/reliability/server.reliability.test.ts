import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '../lib/cleanup.ts';
import { prepareBackend, STAFF, startServer, type PreparedBackend } from './app-server.ts';
import { crashRounds } from './crash.ts';
import { fuzzServer } from './fuzz.ts';
import { createClient, login } from './http-client.ts';
import { CALL_KINDS, CALL_LABELS } from './load-calls.ts';
import type { LoadRun } from './load-figures.ts';
import { runLoad } from './load.ts';
import { prepareLoad } from './load-setup.ts';
import { findMissingWrites } from './load-checks.ts';
import { backendsToRun, FULL, LOAD, report } from './suite.ts';
import { twoInstances } from './two-instances.ts';

/** One line per call kind, for the console and the message of a failing test. */
const loadTable = (run: LoadRun) =>
  CALL_KINDS.map((k) => {
    const f = run.perKind[k];
    return `${CALL_LABELS[k].padEnd(36)} ${String(f.calls).padStart(7)} calls ${String(f.callsPerSecond).padStart(7)}/s  p50 ${f.latencyMs.p50} ms  p99 ${f.latencyMs.p99} ms  429: ${f.rateLimited}  errors: ${f.errors}`;
  })
    .concat(
      `warm-up before the measured run: ${run.warmup.seconds} s, ${run.warmup.calls} calls, ` +
        `p99 ${run.warmup.p99Ms} ms, max ${run.warmup.maxMs} ms, errors: ${run.warmup.errors}`,
    )
    .join('\n');

/** The figures of a load run for the results file (the acknowledged writes as counts). */
const loadFigures = (run: LoadRun) => ({
  ...run,
  acknowledged: { quotes: run.acknowledged.quotes.length, timeline: run.acknowledged.timeline.length },
});

// One database per backend for the fuzz, crash and load parts (each server start costs seconds):
// the fuzz first, then the crash rounds and the load, whose checks read only the records they wrote
// themselves. Two instances (PostgreSQL only) get a database of their own, so that no earlier
// server has run the jobs' current slots already.
describe.each(backendsToRun())('the compiled server on %s', (kind) => {
  let prepared: PreparedBackend;

  beforeAll(async () => {
    prepared = await prepareBackend(kind, `reliability-${kind}`);
  });
  afterAll(async () => {
    await prepared?.dispose();
  });

  it('fuzz: every JSON call with bad input answers no 5xx, drops no connection, and the server still serves', async () => {
    const server = await startServer(prepared);
    try {
      const result = await fuzzServer(server, { full: FULL }).catch((err: Error) => {
        throw new Error(`${err.message}\nserver output:\n${server.output()}`);
      });
      report(`fuzz-${kind}`, { form: FULL ? 'full' : 'short', ...result, failures: result.failures.length });
      const failures = result.failures.map(
        (f) => `${f.status} ${f.operation} as ${f.identity} [${f.label}]: ${f.answer.replace(/\s+/g, ' ')}`,
      );
      expect(failures, `\n${failures.slice(0, 40).join('\n')}\n`).toEqual([]);
      expect(result.operations).toBeGreaterThan(30);
      expect(result.aliveAtEnd, server.output()).toBe(true);

      // The compiled bundle finds the docs page's assets in node_modules at run time (ADR 011, 034).
      const client = createClient(server.baseUrl);
      const cookie = await login(client, STAFF.user.username, STAFF.user.password);
      for (const path of ['/api/docs', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-ui.css']) {
        expect((await client.send({ method: 'GET', path, headers: { cookie } })).status, path).toBe(200);
        expect((await client.send({ method: 'GET', path })).status, path).toBe(401);
      }
      client.close();
    } finally {
      await stopChild(server.child);
    }
  });

  it('crash: kill -9 while writes are acknowledged loses no acknowledged quote request or timeline entry', async () => {
    const rounds = await crashRounds(prepared, {
      ...(FULL ? { rounds: 10, loadMs: 3000, writers: 16 } : { rounds: 2, loadMs: 1500, writers: 8 }),
      ...(process.env.RELIABILITY_CRASH_ROUNDS ? { rounds: Number(process.env.RELIABILITY_CRASH_ROUNDS) } : {}),
      ...(process.env.RELIABILITY_CRASH_LOAD_MS ? { loadMs: Number(process.env.RELIABILITY_CRASH_LOAD_MS) } : {}),
    });
    const total = (pick: (r: (typeof rounds)[number]) => number) => rounds.reduce((sum, r) => sum + pick(r), 0);
    const figures = {
      form: FULL ? 'full' : 'short',
      rounds: rounds.length,
      acknowledged: total((r) => r.acknowledged.quotes + r.acknowledged.timeline),
      missing: total((r) => r.missing.quotes.length + r.missing.timeline.length),
      unanswered: total((r) => r.unanswered),
      restartMsMax: Math.max(...rounds.map((r) => r.restartMs)),
      perRound: rounds,
    };
    report(`crash-${kind}`, figures);
    expect(figures.acknowledged).toBeGreaterThanOrEqual(rounds.length * 6);
    expect(
      rounds.filter((r) => r.missing.quotes.length || r.missing.timeline.length),
      'acknowledged writes missing after the restart',
    ).toEqual([]);
  });

  it(`load: ${LOAD.clients} clients for ${LOAD.seconds} s, no error but rate limits, every acknowledged write stored`, async () => {
    const server = await startServer(prepared);
    try {
      const setup = await prepareLoad(server, { sessions: 8, leads: 64 });
      const databaseUrl = prepared.backend.kind === 'postgres' ? prepared.backend.databaseUrl : undefined;
      const run = await runLoad([server], setup, { ...LOAD, tag: `${kind}-${Date.now()}`, databaseUrl });
      const missing = await findMissingWrites(server, setup.cookies[0]!, run.acknowledged);
      // No latency target here: the closed-loop p99 at 200 clients is the queue, not the app (ADR 047),
      // and was withdrawn; the latency target is the open-loop one of bench/open-loop.ts. The figures
      // are reported for information.
      console.log(`[reliability] load on ${kind}:\n${loadTable(run)}`);
      report(`load-${kind}`, { form: FULL ? 'full' : 'short', ...loadFigures(run), missing });

      const errors = run.errorSamples.map((e) => `${e.kind} on server ${e.server}: ${e.status} ${e.detail}`);
      expect(run.errors, `errors under load:\n${errors.join('\n')}\n${server.output()}`).toBe(0);
      expect(missing, 'acknowledged writes missing after the load').toEqual({ quotes: [], timeline: [] });
      for (const k of CALL_KINDS) expect(run.perKind[k].ok, `${k} answered 2xx at least once`).toBeGreaterThan(0);
      server.assertAlive();
    } finally {
      await stopChild(server.child);
    }
  });
});

// Two instances share one external PostgreSQL (the embedded server belongs to one app, ADR 048):
// left out with it, as the PostgreSQL half of the parts above is.
const twoInstancesBackends = backendsToRun().filter((k) => k === 'postgres');
describe.each(twoInstancesBackends)('two compiled servers on one %s database', () => {
  it(`two instances on one database under ${LOAD.clients} clients: live events reach both, each job attempt runs once`, async () => {
    const own = await prepareBackend('postgres', 'reliability-two-instances');
    try {
      const result = await twoInstances(own, { ...LOAD, tag: `two-${Date.now()}` });
      const { load, events, jobs } = result;
      console.log(
        `[reliability] two instances:\n${loadTable(load)}\nevents per socket: ${JSON.stringify(events.received)}` +
          ` (expected ${JSON.stringify(events.expected)}); probes ${JSON.stringify(events.probes)}\n` +
          `job attempts: ${JSON.stringify(jobs.attempts)}`,
      );
      report('two-instances-postgres', {
        form: FULL ? 'full' : 'short',
        ...loadFigures(load),
        missing: result.missing,
        events,
        jobs,
      });
      const errors = load.errorSamples.map((e) => `${e.kind} on server ${e.server}: ${e.status} ${e.detail}`);
      expect(load.errors, `errors under load:\n${errors.join('\n')}`).toBe(0);
      expect(result.missing, 'acknowledged writes missing after the load').toEqual({ quotes: [], timeline: [] });
      expect(Math.min(...load.callsPerServer), 'calls on each instance').toBeGreaterThan(0);
      // Each socket got the events of the writes taken by either instance, once each.
      for (const got of events.received) expect(got).toEqual(events.expected);
      expect(events.probes.map((p) => `${p.from}->${p.to}`)).toEqual(['0->1', '1->0']);
      expect(jobs.runnersStarted).toEqual([true, true]);
      expect(jobs.attempts.length, 'job attempts in the window').toBeGreaterThan(0);
      expect(jobs.notOnce).toEqual([]);
    } finally {
      await own.dispose();
    }
  });
});
