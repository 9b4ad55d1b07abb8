/**
 * The parse worker (ADR 057): reads raw messages off the main thread, so a hostile or huge
 * message never holds up requests. One request at a time: { id, source } in, { id, msg } or
 * { id, error } out.
 */
import { parentPort } from 'node:worker_threads';
import { parseMessage } from './mail-message.ts';

const port = parentPort;
if (!port) throw new Error('mail-parse.worker.ts runs only as a worker thread');

port.on('message', (req: { id: number; source: Uint8Array }) => {
  const source = Buffer.from(req.source.buffer, req.source.byteOffset, req.source.byteLength);
  parseMessage(source).then(
    (msg) => port.postMessage({ id: req.id, msg }),
    (err: unknown) => port.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// Loaded: the budget of the first message starts now, not while the code loads.
port.postMessage({ ready: true });
