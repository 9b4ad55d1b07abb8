import { describe, expect, it } from 'vitest';
import { summarizeVitest } from './summary-module.test-helpers.ts';
import { ROOT, vitestReport, vitestEmpty } from './summary-reports.test-helpers.ts';

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
