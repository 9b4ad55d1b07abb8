import pino from 'pino';
import type { Env } from '../env.ts';

/** Structured JSON logs (one line per request with its id); human-readable on a terminal. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>) {
  const pretty = process.stdout.isTTY && env.NODE_ENV !== 'production' ? true : process.stdout.isTTY;
  return pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
