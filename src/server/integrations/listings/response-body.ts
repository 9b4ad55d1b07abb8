/** A response body read with a size limit counted after decompression (a gzip bomb stops at the limit). */
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { SafeFetchError } from '#server/lib/safe-fetch-error.ts';

function decoderFor(encoding: string | undefined) {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new SafeFetchError('unsupported_content_type', `Unsupported content encoding ${encoding}`);
  }
}

/** Reads the decoded body; past maxBytes it aborts (too_large) or, with truncate, keeps what it has. */
export async function readBody(
  res: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  truncate = false,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let full = false;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (full) return done();
      if (size + chunk.length > maxBytes) {
        if (!truncate) return done(new SafeFetchError('too_large', `Response larger than ${maxBytes} bytes`));
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        full = true;
        res.destroy();
        return done();
      }
      chunks.push(chunk);
      size += chunk.length;
      done();
    },
  });
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null;
  try {
    decoder = decoderFor(res.headers['content-encoding']);
  } catch (err) {
    res.destroy();
    throw err;
  }
  try {
    await (decoder ? pipeline(res, decoder, sink, { signal }) : pipeline(res, sink, { signal }));
  } catch (err) {
    if (!(full && truncate)) throw err;
  }
  return Buffer.concat(chunks, size);
}
