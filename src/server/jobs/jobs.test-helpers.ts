// Shared by the jobs integration tests: a clock the test moves, a logger it reads, a gate it opens.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { DbOrTx } from '#server/db/client.ts';
import { jobRuns } from '#server/db/schema/jobs.ts';
import type { Clock } from '#server/lib/clock.ts';

export function testClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return {
    now: () => new Date(now),
    set: (next) => (now = new Date(next)),
  };
}

export type LogLine = { level: number; msg: string; job?: string; err?: { message: string } } & Record<string, unknown>;

/** A real pino logger whose lines the test can read. */
export function captureLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { log, lines, messages: () => lines.map((l) => `${pino.levels.labels[l.level]} ${l.msg}`) };
}

/** A promise the test resolves when it chooses. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export function runsOf(db: DbOrTx, job: string) {
  return db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.slot, jobRuns.attempt);
}

/** Polls until `check` holds (for timer-driven runs). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
