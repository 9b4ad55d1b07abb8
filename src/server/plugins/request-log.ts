import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval, type Every } from '#server/lib/every.ts';

export interface RequestLogOptions {
  /** How often the count of requests without a line of their own is logged (default one minute). */
  intervalMs?: number;
  every?: Every;
  /** Milliseconds, for the length of each counted period. */
  now?: () => number;
}

export const QUIET_SUMMARY_INTERVAL_MS = 60_000;

/** Routes that a monitor calls all day: counted, never logged one by one. */
const HEALTH_ROUTES = new Set(['/api/health']);

/** Longest URL written in a line; a client chooses the URL, so it cannot choose the line's size. */
const MAX_URL_CHARS = 500;

/**
 * Why a finished request gets no line of its own: a health check, or a refusal that costs the
 * server nothing and that anyone can cause in bulk (too many requests, not signed in, not
 * allowed, no such API resource). Null: it gets its line.
 */
export function quietKind(request: FastifyRequest, statusCode: number): 'health' | number | null {
  if (HEALTH_ROUTES.has(request.routeOptions.url ?? '')) return 'health';
  if (statusCode === 429 || statusCode === 401 || statusCode === 403) return statusCode;
  if (statusCode === 404 && isApiPath(request.url)) return statusCode;
  return null;
}

/** Levels at which an info line is not written. */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Counts of quiet requests since the last summary. */
export function createQuietTally(now: () => number = Date.now) {
  let byStatus = new Map<number, number>();
  let healthChecks = 0;
  let since = now();
  return {
    add(kind: 'health' | number) {
      if (kind === 'health') healthChecks++;
      else byStatus.set(kind, (byStatus.get(kind) ?? 0) + 1);
    },
    /** The summary line for the period that ends now (null when nothing was counted), and a new period. */
    take(): { fields: Record<string, unknown>; msg: string } | null {
      const end = now();
      const seconds = Math.max(0, Math.round((end - since) / 1000));
      const counts = [...byStatus].sort(([a], [b]) => a - b);
      const health = healthChecks;
      byStatus = new Map();
      healthChecks = 0;
      since = end;
      if (counts.length === 0 && health === 0) return null;
      const refused = counts.reduce((sum, [, n]) => sum + n, 0);
      const parts: string[] = [];
      if (refused > 0)
        parts.push(`refused ${refused} requests (${counts.map(([status, n]) => `${status}: ${n}`).join(', ')})`);
      if (health > 0) parts.push(`answered ${health} health checks`);
      return {
        fields: { refused: Object.fromEntries(counts), refusedTotal: refused, healthChecks: health, seconds },
        msg: `${parts.join(' and ')} in the last ${seconds} s, not logged one by one`,
      };
    },
  };
}

function completedLine(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.length > MAX_URL_CHARS ? `${request.url.slice(0, MAX_URL_CHARS)}…` : request.url;
  // Flat fields: pino's req/res serializers would expect Node's request and response objects.
  return {
    method: request.method,
    url,
    ip: request.ip,
    statusCode: reply.statusCode,
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * The access log (ADR 019), in place of Fastify's two lines per request (disableRequestLogging):
 * one line when a request completes; health checks and cheap refusals only in a count logged
 * once a period, and each on its own at debug level.
 */
export const requestLog = fp(async (app: FastifyInstance, opts: RequestLogOptions) => {
  const tally = createQuietTally(opts.now);
  const flush = () => {
    const summary = tally.take();
    if (summary) app.log.info(summary.fields, summary.msg);
  };
  const stop = (opts.every ?? everyInterval)(opts.intervalMs ?? QUIET_SUMMARY_INTERVAL_MS, flush);

  app.addHook('onResponse', (request, reply, done) => {
    const kind = quietKind(request, reply.statusCode);
    // The line is built only when it will be written (LOG_LEVEL=warn writes none): its fields cost
    // a clock read, the client address and an object per request.
    if (kind === null) {
      if (!ABOVE_INFO.has(app.log.level)) request.log.info(completedLine(request, reply), 'request completed');
    } else {
      tally.add(kind);
      if (app.log.level === 'debug' || app.log.level === 'trace')
        request.log.debug(completedLine(request, reply), 'request not logged at info');
    }
    done();
  });
  app.addHook('onClose', (_app, done) => {
    stop();
    flush();
    done();
  });
});
