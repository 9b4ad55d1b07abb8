import { describe, expect, it } from 'vitest';
import { eslintProblems, prettierProblems, summarizeCheck, tscProblems } from './summary-module.test-helpers.ts';
import { ROOT } from './summary-reports.test-helpers.ts';

describe('typecheck and lint as suites', () => {
  it('reads one problem per TypeScript error line', () => {
    const output = [
      "src/server/app.ts(12,3): error TS2322: Type 'string' is not assignable to type 'number'.",
      '  continuation of the message',
      'src/web/main.tsx(1,1): error TS2307: Cannot find module',
    ].join('\n');
    expect(tscProblems(output)).toEqual([
      "src/server/app.ts(12,3): error TS2322: Type 'string' is not assignable to type 'number'.",
      'src/web/main.tsx(1,1): error TS2307: Cannot find module',
    ]);
  });

  it('reads one problem per file Prettier would reformat', () => {
    const output = [
      'Checking formatting...',
      '[warn] src/a.ts',
      '[warn] vite.config.ts',
      '[warn] Code style issues found in 2 files. Run Prettier with --write to fix.',
    ].join('\n');
    expect(prettierProblems(output)).toEqual([
      'src/a.ts: not formatted (npm run format)',
      'vite.config.ts: not formatted (npm run format)',
    ]);
    expect(prettierProblems('Checking formatting...\nAll matched files use Prettier code style!')).toEqual([]);
  });

  it('lists ESLint errors relative to the root and counts warnings apart', () => {
    const report = [
      {
        filePath: `${ROOT}/src/a.ts`,
        messages: [{ severity: 2, line: 3, column: 5, ruleId: 'no-restricted-imports', message: 'No.' }],
      },
      { filePath: `${ROOT}/src/b.ts`, messages: [{ severity: 1, line: 1, column: 1, ruleId: 'x', message: 'Meh.' }] },
      { filePath: `${ROOT}/src/c.ts`, messages: [] },
    ];
    expect(eslintProblems(report, ROOT)).toEqual({ errors: ['src/a.ts:3:5 no-restricted-imports No.'], warnings: 1 });
  });

  it('counts a clean check as one pass and a check with problems as one failure listing them', () => {
    expect(summarizeCheck('lint', { exitCode: 0, problems: [] })).toMatchObject({ passed: 1, failed: 0 });
    const failed = summarizeCheck('typecheck', { exitCode: 2, problems: ['a', 'b'] });
    expect(failed).toMatchObject({ passed: 0, failed: 1, failures: ['a', 'b'] });
    expect(failed.notes).toEqual(['2 problems: counted as 1 failure']);
    expect(summarizeCheck('lint', { exitCode: 2 })).toMatchObject({ passed: 0, failed: 1 });
    expect(summarizeCheck('lint', { error: 'eslint is not installed' })).toMatchObject({ passed: 0, failed: 1 });
  });
});
