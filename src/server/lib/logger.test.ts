import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory } from './logger.ts';

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
