import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a small file that must survive a power cut once this returns: the file is fsynced, then
 * its directory, so both its contents and its name are on disk (ADR 051: without this the power-cut
 * test lost DATA_DIR/postgres-password on its first cut). `flag: 'wx'` refuses an existing file.
 */
export function writeFileDurably(file: string, data: string, opts: { mode: number; flag?: 'w' | 'wx' }): void {
  const fd = openSync(file, opts.flag ?? 'w', opts.mode);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
