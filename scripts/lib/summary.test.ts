import { describe, expect, it } from 'vitest';
// summary.mjs is plain JavaScript (it runs before `npm ci`) and the project has no allowJs,
// so its types are declared here.
// @ts-expect-error TS7016: no declaration file for a plain .mjs module
import * as untyped from './summary.mjs';

interface SuiteRow {
  name: string;
  ran: boolean;
  passed: number;
  failed: number;
  skipped: number;
  notes: string[];
  failures: string[];
  flaky: string[];
}
interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  noTestsRan: boolean;
  exitCode: number;
}
type Options = { name?: string; exitCode?: number; root?: string; error?: string };
interface SummaryModule {
  parseReport(text: string | null): { report: unknown; error?: string };
  applyExitCode<T extends { failed: number; notes: string[] }>(result: T, exitCode: number): T;
  summarizeVitest(report: unknown, options?: Options): SuiteRow;
  summarizePlaywright(report: unknown, options?: Options): SuiteRow;
  skippedSuite(name: string, reason: string): SuiteRow;
  blockedSuite(name: string, reason: string): SuiteRow;
  finalize(rows: SuiteRow[]): Totals;
  summaryLine(totals: { passed: number; failed: number; skipped?: number }): string;
  formatReport(rows: SuiteRow[]): string[];
  tscProblems(output: string): string[];
  prettierProblems(output: string): string[];
  eslintProblems(report: unknown, root: string): { errors: string[]; warnings: number };
  summarizeCheck(
    name: string,
    options: { exitCode?: number; problems?: string[]; notes?: string[]; error?: string },
  ): SuiteRow;
}

const {
  applyExitCode,
  blockedSuite,
  eslintProblems,
  prettierProblems,
  summarizeCheck,
  tscProblems,
  finalize,
  formatReport,
  parseReport,
  skippedSuite,
  summarizePlaywright,
  summarizeVitest,
  summaryLine,
} = untyped as SummaryModule;

const ROOT = '/work/app';

// Shapes captured from Vitest 4.1 `--reporter=json` (trimmed: stack traces, snapshot block).
function vitestReport(overrides: Record<string, unknown> = {}) {
  return {
    numTotalTestSuites: 4,
    numPassedTestSuites: 1,
    numFailedTestSuites: 3,
    numPendingTestSuites: 0,
    numTotalTests: 5,
    numPassedTests: 2,
    numFailedTests: 1,
    numPendingTests: 1,
    numTodoTests: 1,
    snapshot: { added: 0, failure: false, total: 0, didUpdate: false },
    startTime: 1795239103258,
    success: false,
    testResults: [
      {
        assertionResults: [
          {
            ancestorTitles: ['math'],
            fullName: 'math adds',
            status: 'passed',
            title: 'adds',
            duration: 1.2,
            failureMessages: [],
            meta: {},
            tags: [],
          },
          {
            ancestorTitles: ['math'],
            fullName: 'math fails',
            status: 'failed',
            title: 'fails',
            duration: 4.1,
            failureMessages: [
              'AssertionError: expected 2 to be 3 // Object.is equality\n    at /work/app/src/shared/a.test.ts:4:35',
            ],
            meta: {},
            tags: [],
          },
          {
            ancestorTitles: ['math'],
            fullName: 'math skipped',
            status: 'skipped',
            title: 'skipped',
            failureMessages: [],
            meta: {},
            tags: [],
          },
          {
            ancestorTitles: ['math'],
            fullName: 'math todo one',
            status: 'todo',
            title: 'todo one',
            failureMessages: [],
            meta: {},
            tags: [],
          },
        ],
        startTime: 1795239103421,
        endTime: 1795239103426.1113,
        status: 'failed',
        message: '',
        name: `${ROOT}/src/shared/a.test.ts`,
      },
      {
        assertionResults: [
          {
            ancestorTitles: [],
            fullName: 'ok',
            status: 'passed',
            title: 'ok',
            duration: 1.1,
            failureMessages: [],
            meta: {},
            tags: [],
          },
        ],
        startTime: 1795239103725,
        endTime: 1795239103726.1,
        status: 'passed',
        message: '',
        name: `${ROOT}/src/shared/b.test.ts`,
      },
      {
        // A file that crashed on import: no assertions at all.
        assertionResults: [],
        startTime: 1795239103258,
        endTime: 1795239103258,
        status: 'failed',
        message: "Cannot find module './does-not-exist.js' imported from /work/app/src/shared/crash.test.ts",
        name: `${ROOT}/src/shared/crash.test.ts`,
      },
    ],
    ...overrides,
  };
}

const vitestEmpty = {
  numTotalTestSuites: 0,
  numPassedTestSuites: 0,
  numFailedTestSuites: 0,
  numPendingTestSuites: 0,
  numTotalTests: 0,
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  snapshot: { added: 0, failure: false, total: 0, didUpdate: false },
  startTime: 1795239104429,
  success: true,
  testResults: [],
};

// Shape captured from Playwright 1.65 `--reporter=json` (trimmed: config, attachments).
function playwrightReport(overrides: Record<string, unknown> = {}) {
  const result = (status: string, retry = 0) => ({
    workerIndex: 0,
    parallelIndex: 0,
    status,
    duration: 8,
    errors: [],
    stdout: [],
    stderr: [],
    retry,
    startTime: '2026-11-21T05:31:53.152Z',
    annotations: [],
    attachments: [],
  });
  const test = (status: string, results: unknown[]) => ({
    timeout: 30000,
    annotations: [],
    expectedStatus: 'passed',
    projectId: 'chromium',
    projectName: 'chromium',
    results,
    status,
  });
  return {
    config: { version: '1.65.1', rootDir: `${ROOT}/e2e/tests` },
    suites: [
      {
        title: 'login.spec.ts',
        file: 'login.spec.ts',
        column: 0,
        line: 0,
        specs: [
          {
            title: 'admin can sign in',
            ok: true,
            tags: [],
            tests: [test('expected', [result('passed')])],
            id: 'a1',
            file: 'login.spec.ts',
            line: 3,
            column: 1,
          },
          {
            title: 'wrong password is refused',
            ok: false,
            tags: [],
            tests: [test('unexpected', [result('failed'), result('failed', 1)])],
            id: 'a2',
            file: 'login.spec.ts',
            line: 9,
            column: 1,
          },
        ],
        suites: [
          {
            title: 'leads',
            file: 'login.spec.ts',
            column: 6,
            line: 20,
            specs: [
              {
                title: 'list refreshes live',
                ok: true,
                tags: [],
                tests: [test('flaky', [result('failed'), result('passed', 1)])],
                id: 'a3',
                file: 'login.spec.ts',
                line: 21,
                column: 3,
              },
              {
                title: 'export (not yet)',
                ok: true,
                tags: [],
                tests: [{ ...test('skipped', [result('skipped')]), expectedStatus: 'skipped' }],
                id: 'a4',
                file: 'login.spec.ts',
                line: 30,
                column: 3,
              },
            ],
          },
        ],
      },
    ],
    errors: [],
    stats: {
      startTime: '2026-11-21T05:31:52.457Z',
      duration: 2457.6,
      expected: 1,
      skipped: 1,
      unexpected: 1,
      flaky: 1,
    },
    ...overrides,
  };
}

describe('parseReport', () => {
  it('parses JSON text', () => {
    expect(parseReport('{"numPassedTests":3}')).toEqual({ report: { numPassedTests: 3 } });
  });

  it('reports a missing, empty or truncated file', () => {
    expect(parseReport(null)).toEqual({ report: null, error: 'no JSON report was written' });
    expect(parseReport('  ')).toEqual({ report: null, error: 'the JSON report is empty' });
    const truncated = parseReport('{"numPassedTests":3,');
    expect(truncated.report).toBeNull();
    expect(truncated.error).toMatch(/not valid JSON/);
  });
});

describe('summarizeVitest', () => {
  it('counts passed, failed, skipped + todo, and a crashed file as one failure', () => {
    const r = summarizeVitest(vitestReport(), { name: 'unit', exitCode: 1, root: ROOT });
    expect(r).toMatchObject({ name: 'unit', ran: true, passed: 2, failed: 2, skipped: 2 });
    expect(r.failures).toEqual([
      'src/shared/a.test.ts > math fails',
      "src/shared/crash.test.ts: file failed to run: Cannot find module './does-not-exist.js' imported from /work/app/src/shared/crash.test.ts",
    ]);
    // The exit code agrees with the failures: no extra failure added.
    expect(r.notes).toEqual([]);
  });

  it('counts a file that failed outside its tests (e.g. afterAll) once, even if its tests passed', () => {
    const report = vitestReport({
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          assertionResults: [{ fullName: 'ok', status: 'passed', title: 'ok', failureMessages: [] }],
          status: 'failed',
          message: 'Error: afterAll hook timed out',
          name: `${ROOT}/src/server/x.db.test.ts`,
        },
      ],
    });
    const r = summarizeVitest(report, { exitCode: 1, root: ROOT });
    expect(r).toMatchObject({ passed: 1, failed: 1, skipped: 0 });
    expect(r.failures).toEqual([
      'src/server/x.db.test.ts: file failed outside its tests: Error: afterAll hook timed out',
    ]);
  });

  it('treats a project without test files as 0 passed, 0 failed (run with --passWithNoTests)', () => {
    const r = summarizeVitest(vitestEmpty, { exitCode: 0 });
    expect(r).toMatchObject({ passed: 0, failed: 0, skipped: 0, notes: ['no test files'] });
  });

  it('counts one failure when the runner exits non-zero but reports no failure', () => {
    // e.g. an unhandled rejection after all tests passed, or global setup throwing.
    const report = { ...vitestEmpty, numTotalTests: 3, numPassedTests: 3, success: false };
    const r = summarizeVitest(report, { exitCode: 1 });
    expect(r).toMatchObject({ passed: 3, failed: 1 });
    expect(r.notes[0]).toMatch(/exited with code 1 but reported no failed test/);
  });

  it('counts one failure when the JSON report is missing (crash before writing it)', () => {
    const r = summarizeVitest(null, { name: 'integration', exitCode: 1, error: 'no JSON report was written' });
    expect(r).toMatchObject({ name: 'integration', passed: 0, failed: 1, skipped: 0 });
    expect(r.notes).toEqual(['the runner exited with code 1 and no JSON report was written: counted as 1 failure']);
  });

  it('counts one failure when the report is missing even though the exit code was 0', () => {
    expect(summarizeVitest(null, { exitCode: 0 })).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('summarizePlaywright', () => {
  it('counts expected and flaky as passed, unexpected as failed, and lists flaky tests', () => {
    const r = summarizePlaywright(playwrightReport(), { name: 'e2e', exitCode: 1 });
    expect(r).toMatchObject({ name: 'e2e', passed: 2, failed: 1, skipped: 1 });
    expect(r.failures).toEqual(['login.spec.ts > wrong password is refused [chromium] (login.spec.ts:9)']);
    expect(r.flaky).toEqual(['login.spec.ts > leads > list refreshes live [chromium] (login.spec.ts:21)']);
    expect(r.notes).toEqual(['1 flaky (passed on retry, counted as passed)']);
  });

  it('counts top-level errors (a spec file that does not load) as failures', () => {
    const report = playwrightReport({
      suites: [],
      errors: [
        {
          message:
            "Error: Cannot find module '/work/app/e2e/tests/missing.js' imported from /work/app/e2e/tests/b.spec.ts",
          stack:
            "Error: Cannot find module '/work/app/e2e/tests/missing.js' imported from /work/app/e2e/tests/b.spec.ts",
        },
      ],
      stats: {
        startTime: '2026-11-21T05:31:59.513Z',
        duration: 160.1,
        expected: 0,
        skipped: 0,
        unexpected: 0,
        flaky: 0,
      },
    });
    const r = summarizePlaywright(report, { exitCode: 1 });
    expect(r).toMatchObject({ passed: 0, failed: 1, skipped: 0 });
    expect(r.failures[0]).toMatch(/^error: Error: Cannot find module/);
  });

  it('counts one failure when the runner crashed without a report', () => {
    expect(summarizePlaywright(null, { exitCode: 1 })).toMatchObject({ passed: 0, failed: 1 });
    expect(summarizePlaywright({ suites: [] }, { exitCode: 0 })).toMatchObject({ failed: 1 });
  });

  it('all green', () => {
    const report = playwrightReport({
      suites: [],
      stats: {
        startTime: '2026-11-21T05:31:52.457Z',
        duration: 1000,
        expected: 7,
        skipped: 0,
        unexpected: 0,
        flaky: 0,
      },
    });
    expect(summarizePlaywright(report, { exitCode: 0 })).toMatchObject({ passed: 7, failed: 0, skipped: 0, notes: [] });
  });
});

describe('applyExitCode', () => {
  it('leaves results alone when the exit code is 0 or failures were reported', () => {
    const base = { passed: 1, failed: 0, skipped: 0, notes: [] as string[] };
    expect(applyExitCode(base, 0)).toBe(base);
    expect(applyExitCode({ ...base, failed: 2 }, 1).failed).toBe(2);
    expect(applyExitCode(base, 130).failed).toBe(1);
  });
});

describe('finalize and summaryLine', () => {
  it('sums all suites; skipped and blocked suites count as documented', () => {
    const rows = [
      summarizeVitest(vitestReport(), { name: 'unit', exitCode: 1, root: ROOT }),
      summarizeVitest(vitestEmpty, { name: 'integration', exitCode: 0 }),
      blockedSuite('pg', 'PostgreSQL is not reachable at postgres://postgres@127.0.0.1:5432/test'),
      skippedSuite('e2e', 'skipped: e2e/playwright.config.ts does not exist yet'),
    ];
    const totals = finalize(rows);
    expect(totals).toEqual({ passed: 2, failed: 3, skipped: 2, noTestsRan: false, exitCode: 1 });
    expect(summaryLine(totals)).toBe('2 passed, 3 failed, 2 skipped');
  });

  it('omits skipped when there are none, and exits 0 when nothing failed', () => {
    const totals = finalize([summarizeVitest({ ...vitestEmpty, numPassedTests: 4 }, { exitCode: 0 })]);
    expect(totals.exitCode).toBe(0);
    expect(summaryLine(totals)).toBe('4 passed, 0 failed');
  });

  it('fails with "no tests ran" when every suite ran zero tests', () => {
    const totals = finalize([
      summarizeVitest(vitestEmpty, { exitCode: 0 }),
      skippedSuite('pg', 'skipped: SKIP_PG_TESTS=1'),
    ]);
    expect(totals).toEqual({ passed: 0, failed: 1, skipped: 0, noTestsRan: true, exitCode: 1 });
    expect(summaryLine(totals)).toBe('0 passed, 1 failed');
  });

  it('formats a table with one row per suite and the details below', () => {
    const lines = formatReport([
      summarizeVitest(vitestReport(), { name: 'unit', exitCode: 1, root: ROOT }),
      summarizePlaywright(playwrightReport(), { name: 'e2e', exitCode: 1 }),
      skippedSuite('pg', 'skipped: SKIP_PG_TESTS=1'),
    ]);
    expect(lines.slice(0, 5)).toEqual([
      'Suite  Result   Passed  Failed  Skipped',
      '-----  -------  ------  ------  -------',
      'unit   FAILED        2       2        2',
      'e2e    FAILED        2       1        1',
      'pg     skipped       -       -        -',
    ]);
    expect(lines).toContain('  flaky: login.spec.ts > leads > list refreshes live [chromium] (login.spec.ts:21)');
    expect(lines).toContain('  note: skipped: SKIP_PG_TESTS=1');
    // Nothing in the report looks like the closing summary line.
    expect(lines.some((l) => /^\d+ passed, \d+ failed/.test(l))).toBe(false);
  });
});

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
