/**
 * Raw messages are read in a worker thread with a size cap and a time budget (ADR 057): a message
 * over the cap is refused before parsing, and a parse that runs past the budget is stopped (the
 * worker is ended and a new one started for the next message). The main thread, which answers
 * requests, never parses mail.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RUNNING_COMPILED } from '#server/lib/paths.ts';
import type { IncomingMessage } from './mail-message.ts';

/** Raw messages larger than this are not parsed (they are listed as not imported, with their size). */
export const PARSE_MAX_BYTES = 40 * 1024 * 1024;
/** A parse that takes longer than this is stopped. */
export const PARSE_BUDGET_MS = 5_000;
/** The worker's own start (loading its code) is not counted in a message's budget. */
const STARTUP_MS = 60_000;

export type MailParseFailure = 'too_large' | 'timeout' | 'unreadable';

export class MailParseError extends Error {
  constructor(
    message: string,
    readonly kind: MailParseFailure,
  ) {
    super(message);
    this.name = 'MailParseError';
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The worker's entry: its own bundle next to main.js when compiled (scripts/build-server.mjs; this
 * code may sit in dist/server/chunks), else the TypeScript source loaded through tsx.
 */
function spawnWorker(): Worker {
  if (RUNNING_COMPILED) {
    return new Worker(path.join(path.basename(here) === 'chunks' ? path.dirname(here) : here, 'mail-parse.worker.js'));
  }
  const url = new URL('./mail-parse.worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`,
    { eval: true },
  );
}

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** Buffers come back from the worker as plain Uint8Arrays. */
function revive(msg: IncomingMessage): IncomingMessage {
  return {
    ...msg,
    date: new Date(msg.date),
    attachments: msg.attachments.map((a) => ({ ...a, content: toBuffer(a.content) })),
  };
}

export interface MailParser {
  parse(source: Buffer): Promise<IncomingMessage>;
  close(): Promise<void>;
}

export function createMailParser(options: { maxBytes?: number; budgetMs?: number } = {}): MailParser {
  const maxBytes = options.maxBytes ?? PARSE_MAX_BYTES;
  const budgetMs = options.budgetMs ?? PARSE_BUDGET_MS;
  let worker: Worker | null = null;
  let ready: Promise<void> = Promise.resolve();
  let seq = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function current(): Promise<Worker> {
    if (!worker) {
      const w = spawnWorker();
      worker = w;
      // An idle worker never keeps the process alive.
      w.unref();
      ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          off();
          drop(w);
          reject(new MailParseError('The message reader did not start.', 'unreadable'));
        }, STARTUP_MS);
        const onMessage = (m: { ready?: boolean }) => {
          if (!m.ready) return;
          off();
          resolve();
        };
        const onError = (err: Error) => {
          off();
          drop(w);
          reject(new MailParseError(`The message reader did not start: ${err.message}`, 'unreadable'));
        };
        const off = () => {
          clearTimeout(timer);
          w.off('message', onMessage);
          w.off('error', onError);
        };
        w.on('message', onMessage);
        w.once('error', onError);
      });
    }
    const w = worker;
    await ready;
    return w;
  }

  function drop(w: Worker) {
    if (worker === w) worker = null;
    void w.terminate();
  }

  async function parseOne(source: Buffer): Promise<IncomingMessage> {
    if (source.length > maxBytes) {
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      throw new MailParseError(
        `The message is ${mb(source.length)} MB, over the ${mb(maxBytes)} MB limit.`,
        'too_large',
      );
    }
    const w = await current();
    const id = ++seq;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        finish();
        drop(w);
        reject(new MailParseError(`Reading the message took longer than ${budgetMs / 1000} s.`, 'timeout'));
      }, budgetMs);
      const onMessage = (res: { id: number; msg?: IncomingMessage; error?: string }) => {
        if (res.id !== id) return;
        finish();
        if (res.msg) resolve(revive(res.msg));
        else reject(new MailParseError(res.error ?? 'The message could not be read.', 'unreadable'));
      };
      const onError = (err: Error) => {
        finish();
        drop(w);
        reject(new MailParseError(`The message could not be read: ${err.message}`, 'unreadable'));
      };
      const onExit = () => {
        finish();
        if (worker === w) worker = null;
        reject(new MailParseError('The message could not be read (the reader stopped).', 'unreadable'));
      };
      w.on('message', onMessage);
      w.once('error', onError);
      w.once('exit', onExit);
      w.postMessage({ id, source });
    });
  }

  return {
    /** One message at a time, in order. */
    parse(source) {
      const result = queue.then(() => parseOne(source));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

let shared: MailParser | null = null;

/** The process's parser (one worker, started on first use). */
export function mailParser(): MailParser {
  shared ??= createMailParser();
  return shared;
}
