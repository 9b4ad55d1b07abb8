// The cases of the leads list benchmark (bench/leads.ts): which calls are timed, against which
// targets, and how one case is measured (sequential app.inject calls, the CPU of other processes
// meanwhile, and with BENCH_LEADS_EXPLAIN=1 the plan of each leads query).
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { machineCpu } from './lib/cpu.ts';
import { captureQueries, explainAll, type CapturedQuery } from './lib/explain.ts';
import { fmt } from './lib/table.ts';

export const REQUESTS = Number(process.env.BENCH_LEADS_REQUESTS ?? 200);
export const WARMUP = 20;
const EXPLAIN = process.env.BENCH_LEADS_EXPLAIN === '1';
/** p99 targets; 'info' cases are measured without one. */
const TARGET_MS = { list: 30, detail: 15, info: null } as const;

export const DEFAULT_VIEW = 'status=requested,quoted,clarifying,waiting,contacted&source=geral,comercial';

export interface Case {
  name: string;
  kind: keyof typeof TARGET_MS;
  /** The URL of request `i` (0-based), or null when the case runs outside HTTP. */
  url: (i: number) => string;
}

export interface CaseResult {
  name: string;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  target: number | null;
  pass: boolean;
  sample: string;
  /**
   * CPU of every other process during the measurement, % of one core: other people's work on a
   * shared machine, plus (PostgreSQL runs) the database server's own backend.
   */
  otherCpuPct: number;
  /** Hypervisor steal during the measurement, % of one core: CPU time our virtual machine did not get. */
  stealPct: number;
  explain?: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The timed calls: the list and its search, the detail, and the pipeline board (ADR 066). */
export function leadsCases(at: { deepCursor: string; ids: number[]; reference: string }): Case[] {
  const { deepCursor, ids, reference } = at;
  return [
    { name: 'list: default view, first page', kind: 'list', url: () => `/api/leads?${DEFAULT_VIEW}` },
    {
      name: 'list: default view, page 21 (cursor)',
      kind: 'list',
      url: () => `/api/leads?${DEFAULT_VIEW}&cursor=${deepCursor}`,
    },
    {
      name: "search: surname 'silva', default filters",
      kind: 'list',
      url: () => `/api/leads?${DEFAULT_VIEW}&search=silva`,
    },
    {
      name: "search: make 'bmw', default filters",
      kind: 'list',
      url: () => `/api/leads?${DEFAULT_VIEW}&search=bmw`,
    },
    {
      name: 'search: a reference, default filters',
      kind: 'list',
      url: () => `/api/leads?${DEFAULT_VIEW}&search=${reference}`,
    },
    { name: 'list: late only, default filters', kind: 'list', url: () => `/api/leads?${DEFAULT_VIEW}&late=true` },
    // Under three characters the trigram index cannot help: a scan of every lead, shown for the record.
    {
      name: "search: two letters 'si', default filters",
      kind: 'info',
      url: () => `/api/leads?${DEFAULT_VIEW}&search=si`,
    },
    { name: 'detail: GET /api/leads/{id}', kind: 'detail', url: (i) => `/api/leads/${ids[i % ids.length]}` },
    // The pipeline board (ADR 066): column counts and totals, and one column's first page of cards.
    { name: 'board: totals, default view', kind: 'list', url: () => `/api/leads/board?${DEFAULT_VIEW}` },
    {
      name: "board: totals, search 'bmw'",
      kind: 'list',
      url: () => `/api/leads/board?${DEFAULT_VIEW}&search=bmw`,
    },
    {
      name: 'board: Quoted column, first page',
      kind: 'list',
      url: () => `/api/leads?status=quoted&source=geral,comercial`,
    },
  ];
}

/** CPU of every process but this one, and hypervisor steal, over a window: % of one core. */
function otherCpuWindow(): () => { otherPct: number; stealPct: number } {
  const t0 = performance.now();
  const machine0 = machineCpu();
  const self0 = process.cpuUsage();
  return () => {
    const wallS = (performance.now() - t0) / 1000;
    const self = process.cpuUsage(self0);
    const machine = machineCpu();
    const otherS = Math.max(0, machine.processes - machine0.processes - (self.user + self.system) / 1e6);
    return { otherPct: (100 * otherS) / wallS, stealPct: (100 * (machine.steal - machine0.steal)) / wallS };
  };
}

async function timeCase(app: FastifyInstance, cookie: string, c: Case): Promise<number[]> {
  const run = async (i: number) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: c.url(i), headers: { cookie } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`${c.name}: ${c.url(i)} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await run(i));
  return times;
}

/** Times one case and prints its line; null when the app has no route for it. */
export async function measureCase(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  c: Case,
): Promise<CaseResult | null> {
  let explain: string[] | undefined;
  if (c.kind === 'detail' && !app.hasRoute({ method: 'GET', url: '/api/leads/:id' })) {
    console.log(`SKIP  ${c.name}: the app has no GET /api/leads/:id route`);
    return null;
  }
  const window = otherCpuWindow();
  const times = await timeCase(app, cookie, c);
  const cpu = window();
  const otherCpuPct = Math.round(cpu.otherPct);
  const stealPct = Math.round(cpu.stealPct);
  if (EXPLAIN) {
    const captured: CapturedQuery[] = await captureQueries(() =>
      app.inject({ method: 'GET', url: c.url(0), headers: { cookie } }),
    );
    explain = await explainAll(
      database,
      captured.filter((q) => /"leads"/.test(q.sql)),
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  const target = TARGET_MS[c.kind];
  const p99 = percentile(sorted, 99);
  const r: CaseResult = {
    name: c.name,
    p50: percentile(sorted, 50),
    p99,
    max: sorted.at(-1)!,
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    target,
    pass: target === null || p99 <= target,
    sample: c.url(0),
    otherCpuPct,
    stealPct,
    explain,
  };
  console.log(
    `${target === null ? 'INFO' : r.pass ? 'PASS' : 'FAIL'}  ${c.name}: p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(p99, 1)} ms${target === null ? '' : ` (target ${target} ms)`}, other processes ${otherCpuPct}%, steal ${stealPct}% of a core`,
  );
  if (explain) for (const plan of explain) console.log(plan.replace(/^/gm, '    '));
  return r;
}
