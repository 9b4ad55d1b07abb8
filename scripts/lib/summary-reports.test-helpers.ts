// Reports captured from the test runners, trimmed, for the summary tests.

export const ROOT = '/work/app';

// Shapes captured from Vitest 4.1 `--reporter=json` (trimmed: stack traces, snapshot block).
export function vitestReport(overrides: Record<string, unknown> = {}) {
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

export const vitestEmpty = {
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
export function playwrightReport(overrides: Record<string, unknown> = {}) {
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
