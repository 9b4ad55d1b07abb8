import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint config itself, run on deliberately wrong imports: each boundary of docs/conventions.md
// fails with its own message, and the allowed crossings pass.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** Lints `code` as if it were the (existing) file at `file`; returns `rule: message` lines. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'local/import-style')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('boundaries (eslint.config.mjs)', { timeout: 120_000 }, () => {
  it('src/shared imports nothing from server, web or Node.js', async () => {
    expect(
      await problems(
        'src/shared/phone.ts',
        "import { AppError } from '#server/lib/app-error.ts';\nexport const x = AppError;\n",
      ),
    ).toEqual([
      "no-restricted-imports: '#server/lib/app-error.ts' import is restricted from being used by a pattern. src/shared holds isomorphic rules: it imports nothing from server, web or tests.",
    ]);
    expect(await problems('src/shared/phone.ts', "import fs from 'node:fs';\nexport const x = fs;\n")).toEqual([
      "no-restricted-imports: 'node:fs' import is restricted from being used. src/shared runs in browsers too: no Node.js modules (tests excepted).",
    ]);
  });

  it('the web app never imports server code', async () => {
    expect(
      await problems(
        'src/web/lib/format.ts',
        "import { AppError } from '#server/lib/app-error.ts';\nexport const x = AppError;\n",
      ),
    ).toEqual([
      "no-restricted-imports: '#server/lib/app-error.ts' import is restricted from being used by a pattern. The web app never imports server code: share it through src/shared.",
    ]);
  });

  it('a web feature never imports another feature; screens compose them', async () => {
    const code = "import { formatTrend } from '#web/features/dashboard/format.ts';\nexport const x = formatTrend;\n";
    expect(await problems('src/web/features/timeline/components/kind-icon.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .* A feature never imports another feature/),
    ]);
    expect(await problems('src/web/app/routes/admin/dashboard.tsx', code)).toEqual([]);
  });

  it('a server module reaches another only through its service or .api.ts, never its repository', async () => {
    const repository =
      "import * as repo from '#server/modules/settings/settings.repository.ts';\nexport const x = repo;\n";
    expect(await problems('src/server/modules/isv/isv.routes.ts', repository)).toEqual([
      "no-restricted-imports: '#server/modules/settings/settings.repository.ts' import is restricted from being used by a pattern. Another module's internals: use its service (<module>.service.ts) or what it exports on purpose (<module>.api.ts).",
    ]);
    const service =
      "import type { SettingsService } from '#server/modules/settings/settings.service.ts';\nexport type X = SettingsService;\n";
    expect(await problems('src/server/modules/isv/isv.routes.ts', service)).toEqual([]);
  });

  it('server code imports web code only in modules/public-site (server rendering)', async () => {
    const code = "import { PublicApp } from '#web/app/public-app.tsx';\nexport const x = PublicApp;\n";
    expect(await problems('src/server/modules/isv/isv.routes.ts', code)).toEqual([
      "no-restricted-imports: '#web/app/public-app.tsx' import is restricted from being used by a pattern. Server code imports web code only in modules/public-site (server rendering, ADR 009).",
    ]);
    expect(await problems('src/server/modules/public-site/robots.ts', code)).toEqual([]);
  });

  it('relative paths stay inside their unit; the import maps cross units (and are fixed automatically)', async () => {
    expect(
      await problems(
        'src/server/modules/isv/isv.routes.ts',
        "import { AppError } from '../../lib/app-error.ts';\nexport const x = AppError;\n",
      ),
    ).toEqual([
      "local/import-style: '../../lib/app-error.ts' leaves src/server/modules/isv: import it as '#server/lib/app-error.ts'.",
    ]);
    expect(
      await problems(
        'src/web/features/dashboard/components/stat-card.tsx',
        "import { formatTrend } from '#web/features/dashboard/format.ts';\nexport const x = formatTrend;\n",
      ),
    ).toEqual([
      "local/import-style: '#web/features/dashboard/format.ts' is inside src/web/features/dashboard: import it as '../format.ts'.",
    ]);
    const [fixed] = await new ESLint({ cwd: root, fix: true }).lintText(
      "import { AppError } from '../../lib/app-error.ts';\nexport const x = AppError;\n",
      {
        filePath: path.join(root, 'src/server/modules/isv/isv.routes.ts'),
      },
    );
    expect(fixed?.output).toContain("from '#server/lib/app-error.ts'");
  });
});
