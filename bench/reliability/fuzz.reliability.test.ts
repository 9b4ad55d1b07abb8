import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '../lib/cleanup.ts';
import type { Spawned } from '../lib/server.ts';
import { prepareBackend, startServer, type PreparedBackend } from './app-server.ts';
import { fuzzServer } from './fuzz.ts';
import { backendsToRun, FULL, report } from './suite.ts';

describe.each(backendsToRun())('fuzz on %s: every JSON call with bad input', (kind) => {
  let prepared: PreparedBackend;
  let server: Spawned;

  beforeAll(async () => {
    prepared = await prepareBackend(kind, `fuzz-${kind}`);
    server = await startServer(prepared);
  });
  afterAll(async () => {
    if (server) await stopChild(server.child);
    await prepared?.dispose();
  });

  it('answers no 5xx, drops no connection, and is still serving at the end', async () => {
    const result = await fuzzServer(server, { full: FULL }).catch((err: Error) => {
      throw new Error(`${err.message}\nserver output:\n${server.output()}`);
    });
    report(`fuzz-${kind}`, { ...result, failures: result.failures.length, form: FULL ? 'full' : 'short' });
    const failures = result.failures.map(
      (f) => `${f.status} ${f.operation} as ${f.identity} [${f.label}]: ${f.answer.replace(/\s+/g, ' ')}`,
    );
    expect(failures, `\n${failures.slice(0, 40).join('\n')}\n`).toEqual([]);
    expect(result.operations).toBeGreaterThan(30);
    expect(result.aliveAtEnd, server.output()).toBe(true);
  });
});
