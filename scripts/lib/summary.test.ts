import { describe, expect, it } from 'vitest';
import {
  applyExitCode,
  blockedSuite,
  finalize,
  formatReport,
  parseReport,
  skippedSuite,
  summarizePlaywright,
  summarizeVitest,
  summaryLine,
} from './summary-module.test-helpers.ts';
import { ROOT, vitestReport, vitestEmpty, playwrightReport } from './summary-reports.test-helpers.ts';

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
    // A failed test's reason follows it, without its stack frames: CI shows only the output's end.
    const failed = lines.indexOf('  failed: src/shared/a.test.ts > math fails');
    expect(lines[failed + 1]).toBe('    | AssertionError: expected 2 to be 3 // Object.is equality');
    expect(lines.some((l) => l.includes('at /work/app/src/shared/a.test.ts'))).toBe(false);
    // Nothing in the report looks like the closing summary line.
    expect(lines.some((l) => /^\d+ passed, \d+ failed/.test(l))).toBe(false);
  });
});
