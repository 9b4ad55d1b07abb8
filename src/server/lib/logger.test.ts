import { execFileSync } from 'node:child_process';
import { constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyChildLogger, boundedDestination, createLogger, lazyChildLoggerFactory } from './logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('lazyChildLoggerFactory', () => {
  it('creates no pino child for lines below the level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLoggerFactory(logger, { reqId: 'r1' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes enabled lines with the bindings, through one child', () => {
    const { logger, lines } = capture('info');
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLoggerFactory(logger, { reqId: 'r2' }, {});
    log.info({ a: 1 }, 'first');
    log.error('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['r2', 'first', 30],
      ['r2', 'second', 50],
    ]);
    expect(lines[0]!.a).toBe(1);
  });

  it('makes grandchildren and level changes on the real child', () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLoggerFactory(logger, { reqId: 'r3' }, {});
    log.level = 'info';
    log.info('now enabled');
    log.child({ step: 'x' }).warn('nested');
    expect(logger.level).toBe('warn');
    expect(lines.map((l) => [l.reqId, l.step, l.msg])).toEqual([
      ['r3', undefined, 'now enabled'],
      ['r3', 'x', 'nested'],
    ]);
  });

  it('gives a route with its own log level a real child at once', () => {
    const { logger } = capture('warn');
    const log = lazyChildLoggerFactory(logger, { reqId: 'r4' }, { level: 'debug' });
    expect(log).not.toBeInstanceOf(LazyChildLogger);
    expect(log.level).toBe('debug');
  });
});

describe('boundedDestination', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const fn of cleanup.splice(0)) fn();
  });

  /** A pipe nobody reads: it takes 64 KB, then every write would wait. */
  function stalledPipe(): number {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'log-pipe-'));
    const fifo = path.join(dir, 'out');
    execFileSync('mkfifo', [fifo]);
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
  }

  /** Closes the writer (and its descriptor); its pending retry then fails, which is expected here. */
  const closing = (out: ReturnType<typeof boundedDestination>) => {
    cleanup.unshift(() => {
      out.output.on('error', () => {});
      out.output.destroy();
    });
    return out;
  };

  const line = (i: number) => `${JSON.stringify({ level: 30, i, msg: 'x'.repeat(1000) })}\n`;

  it('holds at most maxChars of unwritten output and counts the lines it drops', () => {
    const out = closing(boundedDestination({ fd: stalledPipe(), maxChars: 100_000 }));
    for (let i = 0; i < 5_000; i++) out.stream.write(line(i));
    const dropped = out.takeDropped();
    // 5 MB written; the pipe took about 64 KB and the buffer 100 KB: whatever was not dropped
    // fits in those two (counted from the 'drop' events, the destination's public interface).
    const accepted = (5_000 - dropped) * line(4_999).length;
    expect(accepted).toBeLessThanOrEqual(100_000 + 64 * 1024 + line(4_999).length);
    expect(dropped).toBeGreaterThan(4_700);
    expect(dropped).toBeLessThan(5_000);
    expect(out.takeDropped()).toBe(0);
  });

  it('pretty-prints through the same bound', () => {
    const out = closing(boundedDestination({ fd: stalledPipe(), maxChars: 50_000, pretty: true }));
    for (let i = 0; i < 1_000; i++) out.stream.write(line(i));
    expect(out.takeDropped()).toBeGreaterThan(800);
  });

  it('warns with the count of dropped lines once per period, and not when none were dropped', () => {
    const written: Record<string, unknown>[] = [];
    let dropped = 0;
    let tick = () => {};
    const log = createLogger(
      { LOG_LEVEL: 'info', NODE_ENV: 'production' },
      {
        stream: { write: (l: string) => void written.push(JSON.parse(l)) },
        output: pino.destination({ fd: 1 }),
        takeDropped: () => [dropped, (dropped = 0)][0]!,
      },
      (ms, fn) => {
        expect(ms).toBe(60_000);
        tick = fn;
        return () => {};
      },
    );
    log.info('hello');
    tick();
    expect(written.map((l) => l.msg)).toEqual(['hello']);
    dropped = 1234;
    tick();
    expect(written[1]).toMatchObject({
      level: 40,
      droppedLines: 1234,
      msg: 'standard output was read too slowly: 1234 log lines dropped',
    });
    tick();
    expect(written).toHaveLength(2);
  });
});
