// Pure functions that turn the runners' JSON reports into per-suite counts and the final
// `N passed, N failed` line that CI reads. No I/O here: scripts/test.mjs reads the files.
//
// A suite result ("row") is:
//   { name, ran, passed, failed, skipped, notes: string[], failures: string[], flaky: string[],
//     why: { [failure]: string } }
// `why` holds the start of a failed test's message, printed under it: CI shows only the end of the
// output, so the reason must be there too.
// `ran` is false for a suite that was not run (skipped on purpose, or blocked by a setup problem).

const MAX_LISTED = 20;

function row(name, fields = {}) {
  return { name, ran: true, passed: 0, failed: 0, skipped: 0, notes: [], failures: [], flaky: [], why: {}, ...fields };
}

const num = (v) => (Number.isFinite(v) && v > 0 ? v : 0);

function firstLine(text) {
  // Runner messages can carry ANSI colours; keep the summary plain.

  // eslint-disable-next-line no-control-regex -- ESC starts the colour codes this removes
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (
    plain
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? ''
  );
}

const WHY_LINES = 6;
const WHY_CHARS = 600;

/** The first meaningful lines of a failure message (no stack frames, no colours), bounded. */
export function failureExcerpt(text) {
  // eslint-disable-next-line no-control-regex -- ESC starts the colour codes this removes
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() && !/^\s*at /.test(l))
    .slice(0, WHY_LINES);
  const joined = lines.join('\n');
  return joined.length > WHY_CHARS ? `${joined.slice(0, WHY_CHARS)}...` : joined;
}

function relative(file, root) {
  if (!file) return '(unknown file)';
  if (root && file.startsWith(root.endsWith('/') ? root : `${root}/`))
    return file.slice(root.length).replace(/^\/+/, '');
  return file;
}

/** Parse a report file's text: { report } or { report: null, error } for empty/invalid JSON. */
export function parseReport(text) {
  if (text == null) return { report: null, error: 'no JSON report was written' };
  if (!String(text).trim()) return { report: null, error: 'the JSON report is empty' };
  try {
    return { report: JSON.parse(text) };
  } catch (err) {
    return { report: null, error: `the JSON report is not valid JSON (${err.message})` };
  }
}

/**
 * A runner that exited non-zero must count as failed even if its report shows no failure
 * (crash before writing the report, unhandled error, failing hook, timeout...).
 */
export function applyExitCode(result, exitCode) {
  if (exitCode && result.failed === 0) {
    return {
      ...result,
      failed: 1,
      notes: [
        ...result.notes,
        `the runner exited with code ${exitCode} but reported no failed test: counted as 1 failure`,
      ],
    };
  }
  return result;
}

function noReport(name, exitCode, error) {
  // Without a report nothing can be trusted: that is a failure even if the exit code was 0.
  const why = error ?? 'no JSON report was written';
  const detail = exitCode ? `the runner exited with code ${exitCode} and ${why}` : `${why} (exit code 0)`;
  return row(name, { failed: 1, notes: [`${detail}: counted as 1 failure`] });
}

/**
 * Vitest's JSON reporter (jest-compatible). numPendingTests counts skipped tests, numTodoTests todos.
 * A file whose status is "failed" without any failed test (import error, syntax error, failing
 * beforeAll/afterAll) counts as one failure.
 */
export function summarizeVitest(report, { name = 'vitest', exitCode = 0, root, error } = {}) {
  if (!report || typeof report !== 'object') return noReport(name, exitCode, error);
  const result = row(name, {
    passed: num(report.numPassedTests),
    failed: num(report.numFailedTests),
    skipped: num(report.numPendingTests) + num(report.numTodoTests),
  });
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  for (const file of files) {
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    for (const a of assertions) {
      if (a.status === 'failed') {
        const failure = `${relative(file.name, root)} > ${a.fullName ?? a.title}`;
        result.failures.push(failure);
        const why = failureExcerpt(Array.isArray(a.failureMessages) ? a.failureMessages[0] : '');
        if (why) result.why[failure] = why;
      }
    }
    if (file.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      result.failed += 1;
      const what = assertions.length === 0 ? 'failed to run' : 'failed outside its tests';
      const message = firstLine(file.message);
      result.failures.push(`${relative(file.name, root)}: file ${what}${message ? `: ${message}` : ''}`);
    }
  }
  if (files.length === 0 && result.passed + result.failed + result.skipped === 0) result.notes.push('no test files');
  return applyExitCode(result, exitCode);
}

function walkPlaywright(suites, titles, visit) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) visit(test, [...here, spec.title], spec);
    }
    walkPlaywright(suite.suites, here, visit);
  }
}

/**
 * Playwright's JSON reporter: stats.expected passed, stats.flaky passed on retry (counted as passed
 * and listed), stats.unexpected failed, stats.skipped skipped. Top-level errors (a spec file that
 * does not load, global setup or web server failure) count as one failure each.
 */
export function summarizePlaywright(report, { name = 'playwright', exitCode = 0, error } = {}) {
  if (!report || typeof report !== 'object' || !report.stats) {
    return noReport(name, exitCode, report && !report.stats ? 'the JSON report has no stats' : error);
  }
  const { stats } = report;
  const errors = Array.isArray(report.errors) ? report.errors : [];
  const result = row(name, {
    passed: num(stats.expected) + num(stats.flaky),
    failed: num(stats.unexpected) + errors.length,
    skipped: num(stats.skipped),
  });
  walkPlaywright(report.suites, [], (test, titles, spec) => {
    const where = `${titles.join(' > ')}${test.projectName ? ` [${test.projectName}]` : ''}`;
    const at = spec.file && spec.line ? ` (${spec.file}:${spec.line})` : '';
    if (test.status === 'flaky') result.flaky.push(`${where}${at}`);
    if (test.status === 'unexpected') {
      result.failures.push(`${where}${at}`);
      const last = Array.isArray(test.results) ? test.results[test.results.length - 1] : undefined;
      const why = failureExcerpt(last?.error?.message ?? last?.errors?.[0]?.message);
      if (why) result.why[`${where}${at}`] = why;
    }
  });
  for (const e of errors)
    result.failures.push(`error: ${firstLine(e.message ?? e.stack ?? e.value) || 'unknown error'}`);
  if (num(stats.flaky)) result.notes.push(`${num(stats.flaky)} flaky (passed on retry, counted as passed)`);
  return applyExitCode(result, exitCode);
}

/** A suite that was deliberately not run (it does not add to the counts). */
/** TypeScript's compiler output (`--pretty false`): one failure per `error TSnnnn` line. */
export function tscProblems(output) {
  return String(output ?? '')
    .split('\n')
    .filter((line) => /\berror TS\d+:/.test(line))
    .map((line) => line.trim());
}

/** ESLint's JSON report: one failure per error (warnings are notes), as `file:line:col rule message`. */
export function eslintProblems(report, root) {
  const errors = [];
  let warnings = 0;
  for (const file of Array.isArray(report) ? report : []) {
    for (const m of file.messages ?? []) {
      if (m.severity !== 2) {
        warnings += 1;
        continue;
      }
      const where = `${relative(file.filePath, root)}:${m.line ?? 0}:${m.column ?? 0}`;
      errors.push(`${where} ${m.ruleId ?? 'parse'} ${firstLine(m.message)}`);
    }
  }
  return { errors, warnings };
}

/** Prettier's `--check` output: one failure per file it would reformat. */
export function prettierProblems(output) {
  return String(output ?? '')
    .split('\n')
    .map((line) => /^\[warn\] (.+)$/.exec(line.trim())?.[1])
    .filter((file) => file && !file.startsWith('Code style issues'))
    .map((file) => `${file}: not formatted (npm run format)`);
}

/**
 * A whole-repository check (typecheck, lint) counts as one test: passed when the tool exits 0 with
 * no problem, else one failure with each problem listed.
 */
export function summarizeCheck(name, { exitCode = 0, problems = [], notes = [], error } = {}) {
  if (error) return row(name, { failed: 1, notes: [...notes, `${error}: counted as 1 failure`] });
  if (problems.length === 0 && !exitCode) return row(name, { passed: 1, notes });
  const why = problems.length
    ? `${problems.length} problem${problems.length === 1 ? '' : 's'}`
    : `exit code ${exitCode}`;
  return row(name, { failed: 1, failures: problems, notes: [...notes, `${why}: counted as 1 failure`] });
}

export function skippedSuite(name, reason) {
  return row(name, { ran: false, notes: [reason] });
}

/** A suite that could not run because something it needs is missing: one failure. */
export function blockedSuite(name, reason) {
  return row(name, { ran: false, failed: 1, notes: [reason] });
}

/**
 * Totals over all suites. If no test passed or failed at all, the run proves nothing: it fails
 * with "no tests ran" (counted as one failure so the summary line agrees with the exit code).
 */
export function finalize(rows) {
  const totals = rows.reduce(
    (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const noTestsRan = totals.passed + totals.failed === 0;
  if (noTestsRan) totals.failed += 1;
  return { ...totals, noTestsRan, exitCode: totals.failed > 0 ? 1 : 0 };
}

/** The closing line CI reads. */
export function summaryLine({ passed, failed, skipped = 0 }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

function status(r) {
  if (!r.ran) return r.failed ? 'FAILED' : 'skipped';
  if (r.failed) return 'FAILED';
  if (r.passed + r.skipped === 0) return 'no tests';
  return 'ok';
}

/** Per-suite table plus details (failures, flaky tests, notes), as lines of text. */
export function formatReport(rows) {
  const header = ['Suite', 'Result', 'Passed', 'Failed', 'Skipped'];
  const body = rows.map((r) => [
    r.name,
    status(r),
    r.ran ? String(r.passed) : '-',
    r.ran || r.failed ? String(r.failed) : '-',
    r.ran ? String(r.skipped) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const lines = [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt)];

  const details = [];
  for (const r of rows) {
    const items = [
      ...r.notes.map((n) => `note: ${n}`),
      ...r.failures.slice(0, MAX_LISTED).flatMap((f) => [
        `failed: ${f}`,
        ...(r.why?.[f] ?? '')
          .split('\n')
          .filter(Boolean)
          .map((l) => `  | ${l}`),
      ]),
      ...(r.failures.length > MAX_LISTED ? [`... and ${r.failures.length - MAX_LISTED} more failures`] : []),
      ...r.flaky.slice(0, MAX_LISTED).map((f) => `flaky: ${f}`),
    ];
    if (items.length) details.push(`${r.name}:`, ...items.map((i) => `  ${i}`));
  }
  if (details.length) lines.push('', ...details);
  return lines;
}
