import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rule that keeps the browser's own address out of customer links (docs/rulings.md ruling 23,
// ADR 053): the screens that build proposal and tracking links, run through the real lint config.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MESSAGE =
  'Customer links start with PUBLIC_URL from the server (usePublicUrl, ADR 053), never with this browser’s own address.';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** Lints `code` as if it were the (existing) file at `file`; answers the no-restricted-syntax messages. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** The files issue 30 found building customer links from the browser's address. */
const LINK_BUILDERS = [
  'src/web/features/email/components/proposal-email-dialog.tsx',
  'src/web/features/proposals/lib/proposal-text.ts',
  'src/web/features/imports/detail/import-header.tsx',
];

describe('customer links never use the browser address (eslint.config.mjs)', { timeout: 120_000 }, () => {
  it.each(LINK_BUILDERS)(
    'refuses window.location.origin, location.origin and globalThis.location.origin in %s',
    async (file) => {
      const code = [
        'export const a = `${window.location.origin}/proposta/x`;',
        'export const b = location.origin + "/acompanhar/y";',
        'export const c = globalThis.location.origin;',
        'export const d = document.location.origin;',
        '',
      ].join('\n');
      expect(await refusals(file, code)).toEqual([MESSAGE, MESSAGE, MESSAGE, MESSAGE]);
    },
  );

  it('passes a link built from PUBLIC_URL, and other uses of location', async () => {
    const code = [
      "export const link = (publicUrl: string, id: string) => `${publicUrl.replace(/\\/+$/, '')}/proposta/${id}`;",
      'export const here = window.location.pathname;',
      '',
    ].join('\n');
    expect(await refusals(LINK_BUILDERS[0]!, code)).toEqual([]);
  });

  it('the files as they stand pass it (the mailbox popup check is the one reviewed exception)', async () => {
    const results = await eslint.lintFiles([
      ...LINK_BUILDERS.map((f) => path.join(root, f)),
      path.join(root, 'src/web/features/mailboxes/components/mailboxes-card.tsx'),
    ]);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-syntax'))).toEqual([]);
  });
});
