/**
 * Mailbox secrets at rest (passwords, Google refresh tokens): AES-256-GCM with a key that is not in
 * the database (MAIL_SECRET_KEY, or a key file beside the data: docs/mail.md, ADR 025). The
 * mailbox's account is the associated data, so a ciphertext cannot be moved onto the other mailbox.
 * Format: 'v1:' + base64(iv 12 | tag 16 | ciphertext).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileDurably } from '#server/lib/durable-file.ts';

export interface SecretBox {
  seal(plain: string, account: string): string;
  /** Null when the value was sealed with another key (a restore elsewhere) or was tampered with. */
  open(sealed: string, account: string): string | null;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the mail secret key must be 32 bytes');
  return {
    seal(plain, account) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(`mailbox:${account}`));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, account) {
      if (!sealed.startsWith('v1:')) return null;
      try {
        const raw = Buffer.from(sealed.slice(3), 'base64');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(`mailbox:${account}`));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export const MAIL_KEY_FILE = 'mail-secret.key';

/** Reads a base64 key of 32 bytes (MAIL_SECRET_KEY), refusing anything else with a clear message. */
export function parseMailKey(value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) {
    throw new Error('MAIL_SECRET_KEY must be 32 random bytes in base64, e.g. the output of: openssl rand -base64 32');
  }
  return key;
}

/**
 * The key from MAIL_SECRET_KEY, else from `<dir>/mail-secret.key`, created (mode 0600) on first use.
 * `dir` is the data directory's parent-side folder (never inside the database files).
 */
export function loadMailKey(envValue: string | undefined, dir: string): Buffer {
  if (envValue) return parseMailKey(envValue);
  const file = path.join(dir, MAIL_KEY_FILE);
  if (existsSync(file)) return parseMailKey(readFileSync(file, 'utf8'));
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32);
  writeFileDurably(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
