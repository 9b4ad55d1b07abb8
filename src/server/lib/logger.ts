import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type { Env } from '#server/env.ts';

/** Structured JSON logs (one line per request with its id); human-readable on a terminal. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>) {
  const pretty = process.stdout.isTTY && env.NODE_ENV !== 'production' ? true : process.stdout.isTTY;
  return pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when it
 * first writes a line. Fastify makes one child logger per request; pino's child() serialises its
 * bindings right away, which a profile of GET /api/auth/user showed on every request although,
 * with LOG_LEVEL=warn, a successful request writes nothing. Lines at disabled levels are dropped
 * without creating it; anything that is logged carries the same fields as before.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined;
  readonly #parent: PinoLike;
  readonly #bindings: Bindings;

  constructor(parent: PinoLike, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #child(): FastifyBaseLogger {
    return (this.#real ??= this.#parent.child(this.#bindings));
  }

  #log(level: Level, args: unknown[]): void {
    if (this.#real) (this.#real[level] as LogFn)(...args);
    else if (this.#parent.isLevelEnabled(level)) (this.#child()[level] as LogFn)(...args);
  }

  get level(): string {
    return this.#real ? this.#real.level : this.#parent.level;
  }
  set level(level: string) {
    this.#child().level = level;
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/** Fastify's childLoggerFactory: lazy children, unless a route sets its own level or serializers. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const pinoLike = logger as PinoLike;
  if (options.level || options.serializers || typeof pinoLike.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyChildLogger(pinoLike, bindings);
}
