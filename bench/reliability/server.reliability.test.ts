import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '../lib/cleanup.ts';
import { prepareBackend, STAFF, startServer, type PreparedBackend } from './app-server.ts';
import { crashRounds } from './crash.ts';
import { fuzzServer } from './fuzz.ts';
import { createClient, login } from './http-client.ts';
import { backendsToRun, FULL, report } from './suite.ts';

// One database per backend for both parts (each server start costs seconds): the fuzz first, then
// the crash rounds, whose checks read only the records they wrote themselves.
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
});
