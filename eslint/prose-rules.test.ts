import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules that were prose in docs/conventions.md until ADR 071, run through the real lint config
// on code written to break them: each fails with its teaching message, and the allowed cases pass.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** Lints `code` as if it were the (existing) file at `file`; returns `rule: message` lines for `rules`. */
async function problems(file: string, code: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => rules.includes(m.ruleId ?? '')).map((m) => `${m.ruleId}: ${m.message}`);
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe('prose rules made checks (eslint.config.mjs)', { timeout: 120_000 }, () => {
  it('a file past 300 lines fails with how to split it; 300 pass, and so does a named data file', async () => {
    const rule = ['local/file-length'];
    expect(await problems('src/server/lib/clock.ts', lines(301), rule)).toEqual([
      'local/file-length: 301 lines, over the limit of 300: split the file along its concerns (a group of helpers, one step of a flow, the types) into files beside it (docs/conventions.md, ADR 071). A data file that is one long table is excepted by name in eslint.config.mjs.',
    ]);
    expect(await problems('src/web/lib/format.test.ts', lines(400), rule)).toEqual([
      expect.stringMatching(/^local\/file-length: 400 lines, over the limit of 300/),
    ]);
    expect(await problems('src/server/lib/clock.ts', lines(300), rule)).toEqual([]);
    expect(await problems('src/server/db/seed/cars.ts', lines(600), rule)).toEqual([]);
  });

  it('only app.ts, main.ts and the integrations import an adapter; a module takes it as a port', async () => {
    const rule = ['@typescript-eslint/no-restricted-imports'];
    const adapter =
      "import { createPhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';\nexport const x = createPhotoFetcher;\n";
    const message =
      "@typescript-eslint/no-restricted-imports: '#server/integrations/listings/marketplace-fetch.ts' import is restricted from being used by a pattern. An adapter is built in src/server/app.ts and handed to the service as a port (src/server/integrations/README.md): declare the interface the service needs and take it in the factory; types of a port may be imported.";
    expect(await problems('src/server/modules/isv/isv.routes.ts', adapter, rule)).toEqual([message]);
    expect(await problems('src/server/jobs/runner.ts', adapter, rule)).toEqual([message]);
    expect(await problems('src/web/lib/format.ts', adapter, rule)).toEqual([message]);
    for (const allowed of [
      'src/server/app.ts',
      'src/server/main.ts',
      'src/server/integrations/mail/mail-settings.ts',
      'src/server/modules/isv/isv.routes.test.ts',
      'scripts/db-export.ts',
      'bench/mail.ts',
    ])
      expect(await problems(allowed, adapter, rule), allowed).toEqual([]);
    const portType =
      "import type { PhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';\nexport type X = PhotoFetcher;\n";
    expect(await problems('src/server/modules/isv/isv.routes.ts', portType, rule)).toEqual([]);
  });

  it('a comment citing a text outside the repository fails; docs/ and ADRs pass', async () => {
    const rule = ['local/no-outside-citations'];
    const cite = (comment: string) => problems('src/shared/phone.ts', `${comment}\nexport const x = 1;\n`, rule);
    expect(await cite('// The card shows 20 events (document 2, section 9).')).toEqual([
      "local/no-outside-citations: 'document 2, section' cites a text this repository does not hold: cite the doc under docs/ or the ADR (docs/decisions/) that records the fact, or state the fact itself (ADR 071).",
    ]);
    expect(await cite('/** Polls every 5 minutes (spec section 9). */')).toHaveLength(1);
    expect(await cite('/* Backups (Specification sections 7 and 9) */')).toHaveLength(1);
    expect(await cite('// As ../../shared/spec/back-office.md says')).toHaveLength(1);
    expect(await cite('// Retention: 3 days (ADR 030; docs/mail.md, section "Polling").')).toEqual([]);
    expect(await cite('// The document 2 pages of a PDF')).toEqual([]);
  });

  it("a comment citing the specification's rulings fails with where to cite them; docs/rulings.md passes", async () => {
    const rule = ['local/no-outside-citations'];
    const cite = (comment: string) => problems('src/shared/phone.ts', `${comment}\nexport const x = 1;\n`, rule);
    expect(await cite('// Quoted means sent (DECISIONS 22, ADR 053).')).toEqual([
      "local/no-outside-citations: 'DECISIONS' cites the specification's rulings, which this repository does not hold: cite the ruling as 'docs/rulings.md ruling N' (add its section to docs/rulings.md if it has none), or state the fact itself (ADR 071).",
    ]);
    expect(await cite('/** As DECISIONS.md rules for lead references. */')).toEqual([
      expect.stringMatching(/^local\/no-outside-citations: 'DECISIONS\.md' cites the specification's rulings/),
    ]);
    expect(await cite('// Quoted means sent (docs/rulings.md ruling 22, ADR 053).')).toEqual([]);
    expect(
      await cite('// Why: docs/decisions/053-quoted-when-sent-and-customer-links.md; two decisions made here.'),
    ).toEqual([]);
  });
});
