import { z } from 'zod';

/**
 * The logical dump of a PostgreSQL database (ADR 050), gzip-compressed: one line of JSON (this
 * header), then for each table of the header, in order, its rows as COPY TO STDOUT writes them
 * (text format, one row per line) followed by the line `\.`, the end-of-data marker of COPY's own
 * text format (a data line never starts with a bare backslash: COPY escapes it).
 */
export const LOGICAL_FORMAT = 'autoimport-logical';

export const logicalHeaderSchema = z.object({
  format: z.literal(LOGICAL_FORMAT),
  version: z.literal(1),
  /** server_version of the database dumped. */
  server: z.string(),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number() })),
  sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  /** drizzle.__drizzle_migrations at the snapshot: the schema the rows belong to. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.string() })),
});
export type LogicalHeader = z.infer<typeof logicalHeaderSchema>;

export type Piece = { kind: 'header'; header: unknown } | { kind: 'data'; data: Buffer } | { kind: 'end' };

const MAX_HEADER = 16 * 1024 * 1024;
const BACKSLASH = 0x5c;
const DOT = 0x2e;
const NL = 0x0a;

export class DamagedDumpError extends Error {}

/**
 * Splits the decompressed dump into the header, the data of each table and its end markers,
 * without holding a whole row in memory (a stored photo is one long line).
 */
export async function* splitLogical(input: AsyncIterable<Buffer | string>): AsyncGenerator<Piece> {
  const header: Buffer[] = [];
  let headerSize = 0;
  let inHeader = true;
  let carry: Buffer = Buffer.alloc(0);
  let lineStart = true;
  for await (const raw of input) {
    const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
    const chunk = carry.length ? Buffer.concat([carry, bytes]) : bytes;
    carry = Buffer.alloc(0);
    let pos = 0;
    if (inHeader) {
      const nl = chunk.indexOf(NL);
      if (nl < 0) {
        header.push(chunk);
        headerSize += chunk.length;
        if (headerSize > MAX_HEADER) throw new DamagedDumpError('its header is unreadable');
        continue;
      }
      header.push(chunk.subarray(0, nl));
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(header).toString('utf8'));
      } catch {
        throw new DamagedDumpError('its header is unreadable');
      }
      yield { kind: 'header', header: parsed };
      inHeader = false;
      pos = nl + 1;
      lineStart = true;
    }
    let from = pos;
    while (pos < chunk.length) {
      if (lineStart) {
        const left = chunk.length - pos;
        if (left < 3) {
          const maybe = chunk[pos] === BACKSLASH && (left < 2 || chunk[pos + 1] === DOT);
          if (maybe) {
            // Perhaps the start of an end marker: decide when the next bytes arrive.
            if (pos > from) yield { kind: 'data', data: chunk.subarray(from, pos) };
            carry = Buffer.from(chunk.subarray(pos));
            from = chunk.length;
            break;
          }
        } else if (chunk[pos] === BACKSLASH && chunk[pos + 1] === DOT && chunk[pos + 2] === NL) {
          if (pos > from) yield { kind: 'data', data: chunk.subarray(from, pos) };
          yield { kind: 'end' };
          pos += 3;
          from = pos;
          continue;
        }
      }
      const nl = chunk.indexOf(NL, pos);
      if (nl < 0) {
        lineStart = false;
        break;
      }
      pos = nl + 1;
      lineStart = true;
    }
    if (from < chunk.length) yield { kind: 'data', data: chunk.subarray(from) };
  }
  if (inHeader || carry.length) throw new DamagedDumpError('it is truncated');
}
