import { describe, expect, it } from 'vitest';
import { summarizePlaywright } from './summary-module.test-helpers.ts';
import { playwrightReport } from './summary-reports.test-helpers.ts';

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
