import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const COPY_LINE = /^COPY .+ FROM stdin;$/;
/** psql's restrict keys (pg_dump 17.6/15.14 and later): nothing to do outside psql. */
const PSQL_ONLY = /^\\(un)?restrict\b/;

/**
 * Runs a plain SQL script as pg_restore writes it on `client` (inside the caller's transaction),
 * without psql: the SQL between COPY blocks goes as one multi-statement query, each COPY block's
 * rows through COPY FROM STDIN. Any error stops the script and reaches the caller.
 */
export async function runRestoreScript(client: pg.ClientBase, file: string): Promise<void> {
  const input = createReadStream(file, { encoding: 'utf8' });
  // A read error ends the lines; it is rethrown below rather than left to crash the process.
  const read: { error?: Error } = {};
  const reader = createInterface({ input, crlfDelay: Infinity });
  input.on('error', (err: Error) => {
    read.error = err;
    reader.close();
  });
  const lines = reader[Symbol.asyncIterator]();
  let sql: string[] = [];
  const flush = async () => {
    const text = sql.join('\n').trim();
    sql = [];
    if (text) await client.query(text);
  };
  try {
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      const line = next.value;
      if (PSQL_ONLY.test(line)) continue;
      if (line.startsWith('\\')) throw new Error(`the dump holds a command only psql runs (${line.slice(0, 40)})`);
      if (!COPY_LINE.test(line)) {
        sql.push(line);
        continue;
      }
      await flush();
      const rows = async function* () {
        for (;;) {
          const row = await lines.next();
          if (row.done) throw read.error ?? new Error('the dump ends inside a table');
          if (row.value === '\\.') return;
          yield `${row.value}\n`;
        }
      };
      await pipeline(Readable.from(rows()), client.query(copyFrom(line.replace(/;$/, ''))));
    }
    if (read.error) throw read.error;
    await flush();
  } finally {
    input.destroy();
  }
}
