import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DamagedDumpError, splitLogical, type Piece } from './logical-format.ts';

async function collect(chunks: string[]): Promise<(string | object)[]> {
  const out: (string | object)[] = [];
  let data = '';
  const flush = () => {
    if (data) out.push(data);
    data = '';
  };
  for await (const p of splitLogical(Readable.from(chunks.map((c) => Buffer.from(c)))) as AsyncGenerator<Piece>) {
    if (p.kind === 'data') data += p.data.toString();
    else {
      flush();
      out.push(p.kind === 'header' ? { header: p.header } : 'END');
    }
  }
  flush();
  return out;
}

const dump = '{"h":1}\n1\ta\\\\.b\n2\t\\\\.\n\\.\n\\.\n3\tc\n\\.\n';

describe('the logical dump splitter (ADR 050)', () => {
  it('finds the header, each table and its end marker wherever the chunks are cut', async () => {
    const expected = [{ header: { h: 1 } }, '1\ta\\\\.b\n2\t\\\\.\n', 'END', 'END', '3\tc\n', 'END'];
    expect(await collect([dump])).toEqual(expected);
    for (let size = 1; size <= 5; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < dump.length; i += size) chunks.push(dump.slice(i, i + size));
      expect(await collect(chunks), `chunks of ${size}`).toEqual(expected);
    }
  });

  it('refuses a dump cut in its header or in an end marker', async () => {
    await expect(collect(['{"h":1'])).rejects.toThrow(DamagedDumpError);
    await expect(collect(['{"h":1}\n1\ta\n\\'])).rejects.toThrow(/truncated/);
    await expect(collect(['not json\n'])).rejects.toThrow(/header is unreadable/);
  });
});
