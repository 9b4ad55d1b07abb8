import path from 'node:path';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { appConf, socketDirFor } from './settings.ts';

describe('the embedded server settings (ADR 048)', () => {
  it('puts the socket inside DATA_DIR when the path fits a Unix socket', () => {
    expect(socketDirFor('/srv/autoimport/data')).toBe('/srv/autoimport/data/postgres-socket');
  });

  it('moves the socket to a short directory named after DATA_DIR when the path would pass 107 bytes', () => {
    const long = `/srv/${'a'.repeat(90)}/data`;
    const dir = socketDirFor(long);
    expect(path.dirname(dir)).toBe(os.tmpdir());
    expect(path.basename(dir)).toMatch(/^autoimport-pg-[0-9a-f]{16}$/);
    expect(Buffer.byteLength(path.join(dir, '.s.PGSQL.5432'))).toBeLessThanOrEqual(107);
    expect(socketDirFor(`${long}2`)).not.toBe(dir);
    expect(socketDirFor(long)).toBe(dir);
  });

  it('listens on no TCP address and keeps every commit durable', () => {
    const conf = appConf("/data/it's/socket");
    expect(conf).toContain("listen_addresses = ''");
    expect(conf).toContain("unix_socket_directories = '/data/it''s/socket'");
    for (const on of ['fsync', 'full_page_writes', 'synchronous_commit', 'autovacuum'])
      expect(conf).toContain(`${on} = on`);
    expect(conf).toContain('max_parallel_workers_per_gather = 0');
  });
});
