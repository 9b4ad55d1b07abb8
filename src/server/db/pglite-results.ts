import { types, type PGlite, type protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** One message of PostgreSQL's answer, as PGlite's execProtocolStream returns them. */
export type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
export type Parsers = Record<number | string, ((value: string, typeId: number) => unknown) | undefined>;

/**
 * The result of one statement, as PGlite's `parse.parseResults(...)[0]` builds it (the same rows,
 * fields, command, affectedRows and rowCount, the same parsers in the same order: the query's own,
 * the instance's, the defaults). parseResults starts by copying the instance's 318 parsers into a
 * new object, `{ ...pg.parsers, ...options.parsers }`: 133 µs on every statement here, more than
 * binding and running a small kept statement. This looks each parser up where it is instead.
 */
export function firstResult<T>(messages: BackendMessage[], parsers: Parsers, opts?: QueryOptions): Results<T> {
  const own = opts?.parsers as Parsers | undefined;
  const asArray = opts?.rowMode === 'array';
  const defaults = types.parsers as Parsers;
  let fields: { name: string; dataTypeID: number }[] = [];
  let readers: ((value: string | null) => unknown)[] = [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as InstanceType<typeof protocol.messages.RowDescriptionMessage>).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      readers = fields.map(({ dataTypeID: oid }) => {
        const parser = own?.[oid] ?? parsers[oid] ?? defaults[oid];
        return (value: string | null) => (value === null ? null : parser ? parser(value, oid) : value);
      });
    } else if (message.name === 'dataRow') {
      const values = (message as InstanceType<typeof protocol.messages.DataRowMessage>).fields as (string | null)[];
      if (asArray) rows.push(values.map((v, i) => readers[i]!(v)));
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i]!.name] = readers[i]!(values[i]!);
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as InstanceType<typeof protocol.messages.CommandCompleteMessage>).text.split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      const counted = COUNTED_COMMANDS.has(command);
      const result = { rows, fields, command, affectedRows: counted ? count : 0 } as Results<T> & {
        command: string;
        rowCount?: number;
      };
      if (!Number.isNaN(count)) result.rowCount = count;
      return result;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] } as Results<T>;
}

/** Commands whose count is the rows they changed (PGlite's parseResults adds these to affectedRows). */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
