import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { keepFileSizes } from './pglite-file-sizes.ts';

// ADR 045: PGlite on a data directory remembers file lengths between writes. PostgreSQL is not
// involved, so this runs once, in the PGlite pass of the suite.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite known file sizes (ADR 045)', () => {
  let dir: string;
  let pg: PGlite;
  /** Lengths asked of the real files (lseek to the end that reached Emscripten's fstat). */
  let asked = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'file-sizes-'));
    pg = await PGlite.create(path.join(dir, 'pglite'));
    const nodefs = (pg as unknown as { Module: { FS: { filesystems: { NODEFS: NodeFs } } } }).Module.FS.filesystems
      .NODEFS;
    const original = nodefs.stream_ops.llseek;
    nodefs.stream_ops.llseek = (stream, offset, whence) => {
      if (whence === 2) asked++;
      return original(stream, offset, whence);
    };
    expect(keepFileSizes(pg)).toBe(true);
    expect(keepFileSizes(pg)).toBe(false);
    await pg.exec('create table t (id serial primary key, body text not null)');
  });
  afterAll(async () => {
    await pg.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** PostgreSQL's idea of the table's length (lseek) against the file on disk. */
  async function sizes() {
    const { rows } = await pg.query<{ file: string; size: number }>(
      `select pg_relation_filepath('t') as file, pg_relation_size('t')::int as size`,
    );
    const { file, size } = rows[0]!;
    return { seen: size, onDisk: statSync(path.join(dir, 'pglite', file)).size };
  }
  const count = async () => (await pg.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;

  it('asks the file system once while nothing is written', async () => {
    await pg.query(`insert into t (body) select repeat('x', 200) from generate_series(1, 500)`);
    await count();
    const before = asked;
    for (let i = 0; i < 20; i++) expect(await count()).toBe(500);
    expect(asked - before).toBeLessThan(3);
  });

  it('follows every change of length: extension, vacuum truncation, truncate, rewrite, drop', async () => {
    const steps: [string, number][] = [
      [`insert into t (body) select repeat('y', 500) from generate_series(1, 2000)`, 2500],
      ['delete from t where id > 100', 100],
      ['vacuum t', 100],
      [`insert into t (body) select repeat('z', 300) from generate_series(1, 300)`, 400],
      ['vacuum full t', 400],
      ['truncate t', 0],
      [`insert into t (body) select 'again' from generate_series(1, 50)`, 50],
    ];
    for (const [statement, rows] of steps) {
      await pg.query(statement);
      const { seen, onDisk } = await sizes();
      expect(seen, statement).toBe(onDisk);
      expect(await count(), statement).toBe(rows);
    }
    await pg.exec('drop table t; create table t (id serial primary key, body text not null)');
    expect(await sizes()).toEqual({ seen: 0, onDisk: 0 });
  });

  it('what was written with known sizes reads back after a restart', async () => {
    await pg.query(`insert into t (body) select md5(g::text) from generate_series(1, 1000) g`);
    await pg.query('delete from t where id % 3 = 0');
    await pg.query('vacuum t');
    await pg.close();
    pg = await PGlite.create(path.join(dir, 'pglite'));
    expect(await count()).toBe(667);
    const { seen, onDisk } = await sizes();
    expect(seen).toBe(onDisk);
  });
});

interface NodeFs {
  stream_ops: { llseek: (stream: unknown, offset: number, whence: number) => number };
}
