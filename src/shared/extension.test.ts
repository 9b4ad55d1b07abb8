import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID, EXTENSION_PUBLIC_KEY } from './extension.ts';

describe('the extension id', () => {
  it('is the one Chromium derives from the manifest key', () => {
    const digest = createHash('sha256').update(Buffer.from(EXTENSION_PUBLIC_KEY, 'base64')).digest('hex');
    const id = [...digest.slice(0, 32)].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('');
    expect(id).toBe(EXTENSION_ID);
  });
});
