import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream } from 'pino';
import type * as PinoPretty from 'pino-pretty';
import type { Env } from '#server/env.ts';
import { everyInterval, type Every } from './every.ts';

/**
 * Log output held in memory while standard output is not read as fast as it is written (a slow
 * terminal, a stalled pipe). Past it, lines are dropped and counted instead of growing the heap.
 */
export const LOG_BUFFER_MAX_CHARS = 4 * 1024 * 1024;

/** How often a count of dropped lines is logged, when there were some. */
const DROPPED_REPORT_MS = 60_000;

/** Standard output with a bounded buffer, pretty-printed on a terminal (see createLogger). */
export interface BoundedDestination {
  stream: DestinationStream;
  /** The writer to the file descriptor under `stream` (to flush or close it). */
  output: ReturnType<typeof pino.destination>;
  /** Lines dropped since the last call (the buffer was full), and resets the count. */
  takeDropped(): number;
}

/**
 * An asynchronous writer to `fd` that holds at most `maxChars` of unwritten output (ADR 019).
 * `pretty` formats each line for a person in this thread: pino's pretty transport runs in a worker
 * whose queue has no bound.
 */
export function boundedDestination({
  fd = 1,
  maxChars = LOG_BUFFER_MAX_CHARS,
  pretty = false,
}: { fd?: number; maxChars?: number; pretty?: boolean } = {}): BoundedDestination {
  const out = pino.destination({ fd, sync: false, maxLength: maxChars });
  let dropped = 0;
  out.on('drop', () => void dropped++);
  let stream: DestinationStream = out;
  if (pretty) {
    // Loaded only for a terminal: a server writing to a pipe or a file never needs it.
    const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
    const format = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
    stream = { write: (line: string) => void out.write(format(line)) };
  }
  return {
    stream,
    output: out,
    takeDropped() {
      const n = dropped;
      dropped = 0;
      return n;
    },
  };
}

/**
 * Structured JSON logs (one line per request with its id; refusals counted, see
 * plugins/request-log.ts); human-readable on a terminal. Standard output is written
 * asynchronously through a bounded buffer: a reader that falls behind loses lines, counted in a
 * warning once a minute, rather than the server growing without limit.
 */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination: BoundedDestination = boundedDestination({ pretty: Boolean(process.stdout.isTTY) }),
  every: Every = everyInterval,
) {
  const logger = pino(
    {
      level: env.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    destination.stream,
  );
  every(DROPPED_REPORT_MS, () => {
    const droppedLines = destination.takeDropped();
    if (droppedLines > 0)
      logger.warn({ droppedLines }, `standard output was read too slowly: ${droppedLines} log lines dropped`);
  });
  return logger;
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
