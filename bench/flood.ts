// Log flood: `npx tsx bench/flood.ts [embedded|postgres]` (bench/README.md).
//
// One anonymous client floods the quote form, POST /api/contact-form, with 200 connections for
// 30 s. The form allows 10 requests per address and hour, so nearly every answer is a 429. The
// server is started as `npm start` starts it (its own node process, the compiled bundle) at the
// default LOG_LEVEL (info), and this process reads its standard output through a pipe, as a log
// collector would. Measured: the log bytes and lines written per refused request, and the
// server's peak resident memory (VmHWM, start-up included, and the highest VmRSS sampled during the
// flood). Targets: at most 1 byte and 0.001 lines of log per refused request (the refusals are
// only counted, one summary line a minute); peak RSS at most 400 MB.
//
// Writes bench/results/flood-<time>.json. Exits 1 on a FAIL or an error.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { cpuWindow } from './lib/cpu.ts';
import { freshDatabase } from './lib/pg.ts';
import { readMemory } from './lib/process-info.ts';
import { appDir, repoRoot, sleep, spawnApp, waitFor200, type Backend } from './lib/server.ts';
import { fmt, table } from './lib/table.ts';

const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_FLOOD_DURATION_S ?? 30);
const TARGETS = { bytesPerRefused: 1, linesPerRefused: 0.001, peakRssMb: 400 };

const QUOTE_FORM = JSON.stringify({
  name: 'Ana Maria Silva',
  email: 'ana.silva@example.pt',
  phone: '+351 912 000 111',
  vehicleChoice: 'specific',
  vehicleLink: 'https://www.autoscout24.de/angebote/bmw-320-d-touring-4f3c2a10-1b2c-4d5e-8f90-123456789abc',
  honeypot: '',
  formDuration: 8200,
});

interface LogCounter {
  bytes: number;
  lines: number;
  /** refusedTotal of every summary line ("refused N requests ..."), added up. */
  refusedInSummaries: number;
  /** The last lines written, for the report. */
  tail: string[];
}

/** Counts what the server writes to stdout and stderr, and reads its summary lines. */
function countOutput(streams: NodeJS.ReadableStream[]): LogCounter {
  const counter: LogCounter = { bytes: 0, lines: 0, refusedInSummaries: 0, tail: [] };
  for (const stream of streams) {
    let partial = '';
    stream.on('data', (chunk: Buffer) => {
      counter.bytes += chunk.length;
      const text = partial + chunk.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      counter.lines += lines.length;
      for (const line of lines) {
        if (line.includes('"refusedTotal"')) {
          try {
            counter.refusedInSummaries += Number((JSON.parse(line) as { refusedTotal?: number }).refusedTotal ?? 0);
          } catch {
            /* not JSON */
          }
        }
      }
      counter.tail = [...counter.tail, ...lines].slice(-3);
    });
  }
  return counter;
}

interface FloodResult {
  database: Backend['kind'];
  requests: number;
  refused: number;
  accepted: number;
  otherStatuses: Record<string, number>;
  errors: number;
  requestsPerSec: number;
  logBytes: number;
  logLines: number;
  bytesPerRefused: number;
  linesPerRefused: number;
  refusedInSummaries: number;
  rssBeforeMb: number;
  maxRssDuringFloodMb: number;
  rssAfterMb: number;
  peakRssMb: number;
  serverCpuPct: number;
  otherCpuPct: number;
  loadAvgBefore: number[];
  loadAvgAfter: number[];
  lastLines: string[];
  pass: { bytes: boolean; lines: boolean; rss: boolean };
}

async function flood(kind: Backend['kind']): Promise<FloodResult> {
  let backend: Backend;
  let dispose: () => Promise<void>;
  if (kind === 'embedded') {
    const dataDir = makeTempDir('flood');
    backend = { kind, dataDir };
    dispose = async () => removeTempDir(dataDir);
  } else {
    const db = await freshDatabase(`bench_flood_${process.pid}`);
    backend = { kind, databaseUrl: db.url };
    dispose = db.drop;
  }
  const server = await spawnApp(backend, { LOG_LEVEL: 'info' });
  try {
    const log = countOutput([server.child.stdout!, server.child.stderr!]);
    await waitFor200(server, '/api/health');
    await sleep(2_000);
    const before = { bytes: log.bytes, lines: log.lines, rssMb: readMemory(server.pid).rssMb };
    let maxRss = before.rssMb;
    const sampler = setInterval(() => {
      try {
        maxRss = Math.max(maxRss, readMemory(server.pid).rssMb);
      } catch {
        /* exited: reported below */
      }
    }, 250);
    const loadAvgBefore = os.loadavg().map((n) => +n.toFixed(2));
    console.log(`> ${kind}: ${CONNECTIONS} connections for ${DURATION_S} s (load average ${loadAvgBefore.join(' ')})`);
    const stopCpu = cpuWindow(server.pid);
    const r = await autocannon({
      url: `${server.baseUrl}/api/contact-form`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: QUOTE_FORM,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const cpu = stopCpu();
    clearInterval(sampler);
    await sleep(1_000); // what the server still had to write
    server.assertAlive();
    const after = { bytes: log.bytes, lines: log.lines, memory: readMemory(server.pid) };
    const loadAvgAfter = os.loadavg().map((n) => +n.toFixed(2));
    await server.stop(); // writes the summary of the last period
    const statuses = Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([status, s]) => [status, s.count ?? 0]),
    );
    const refused = statuses['429'] ?? 0;
    const accepted = statuses['200'] ?? 0;
    const logBytes = after.bytes - before.bytes;
    const logLines = after.lines - before.lines;
    const bytesPerRefused = refused ? logBytes / refused : NaN;
    const linesPerRefused = refused ? logLines / refused : NaN;
    const peakRssMb = after.memory.peakRssMb;
    return {
      database: kind,
      requests: r.requests.total,
      refused,
      accepted,
      otherStatuses: Object.fromEntries(Object.entries(statuses).filter(([s]) => s !== '429' && s !== '200')),
      errors: r.errors,
      requestsPerSec: r.requests.average,
      logBytes,
      logLines,
      bytesPerRefused,
      linesPerRefused,
      refusedInSummaries: log.refusedInSummaries,
      rssBeforeMb: before.rssMb,
      maxRssDuringFloodMb: maxRss,
      rssAfterMb: after.memory.rssMb,
      peakRssMb,
      serverCpuPct: cpu.processPct,
      otherCpuPct: cpu.otherPct,
      loadAvgBefore,
      loadAvgAfter,
      lastLines: log.tail,
      pass: {
        bytes: bytesPerRefused <= TARGETS.bytesPerRefused,
        lines: linesPerRefused <= TARGETS.linesPerRefused,
        rss: peakRssMb <= TARGETS.peakRssMb,
      },
    };
  } finally {
    await server.stop();
    await dispose();
  }
}

installCleanupHandlers();
const asked = process.argv.slice(2);
const kinds = (asked.length ? asked : ['embedded', 'postgres']) as Backend['kind'][];
for (const k of kinds) if (k !== 'embedded' && k !== 'postgres') throw new Error(`unknown database ${k}`);

const results: FloodResult[] = [];
const failures: { database: string; error: string }[] = [];
for (const kind of kinds) {
  try {
    results.push(await flood(kind));
  } catch (err) {
    console.error(`! ${kind}: ${(err as Error).message}`);
    failures.push({ database: kind, error: (err as Error).message });
  }
}
await cleanupAll();

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
console.log(
  `\n${table(
    [
      'database',
      'requests',
      '429',
      'req/s',
      'log bytes',
      'lines',
      'bytes/refused',
      'lines/refused',
      'counted',
      'RSS flood max',
      'VmHWM',
      'load avg',
      'result',
    ],
    results.map((r) => [
      r.database,
      String(r.requests),
      String(r.refused),
      fmt(r.requestsPerSec),
      String(r.logBytes),
      String(r.logLines),
      fmt(r.bytesPerRefused, 4),
      fmt(r.linesPerRefused, 6),
      String(r.refusedInSummaries),
      `${fmt(r.maxRssDuringFloodMb)} MB`,
      `${fmt(r.peakRssMb)} MB`,
      r.loadAvgBefore.join(' '),
      `${verdict(r.pass.bytes)} ${verdict(r.pass.lines)} ${verdict(r.pass.rss)}`,
    ]),
  )}`,
);
console.log(
  `targets: <= ${TARGETS.bytesPerRefused} byte and <= ${TARGETS.linesPerRefused} lines of log per refused ` +
    `request; peak RSS <= ${TARGETS.peakRssMb} MB ("counted": refusals in the server's summary lines)`,
);

const dir = path.join(repoRoot, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `flood-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      appDir,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      targets: TARGETS,
      machine: { cpus: os.cpus().length, node: process.version },
      results,
      failures,
    },
    null,
    2,
  )}\n`,
);
console.log(`results: ${path.relative(process.cwd(), file)}`);
process.exitCode = failures.length === 0 && results.every((r) => r.pass.bytes && r.pass.lines && r.pass.rss) ? 0 : 1;
