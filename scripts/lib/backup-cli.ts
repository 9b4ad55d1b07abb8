import { readFile } from 'node:fs/promises';

export { fileSha256 } from '#server/modules/backups/durable-files.ts';

/** The sha256 in `<file>.sha256`, or null when there is none. */
export async function recordedSha256Beside(file: string): Promise<string | null> {
  try {
    return /^([0-9a-f]{64})\s/.exec(await readFile(`${file}.sha256`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}
