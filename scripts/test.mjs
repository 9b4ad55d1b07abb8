// `npm test`: the whole test suite on a fresh clone, ending with exactly one line
// `N passed, N failed` (`, N skipped` when some were skipped), which is what CI reads.
//
//   npm test                       every suite
//   npm test -- unit integration   only these (any of: typecheck, lint, format, unit, integration, pg, reliability, e2e)
//
// Suites: typecheck (tsc --noEmit), lint (ESLint) and format (Prettier), each counted as one test; unit (Vitest projects unit + web), integration on the embedded PostgreSQL
// (a private server of the run, ADR 048), integration on the machine's PostgreSQL (TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test; SKIP_PG_TESTS=1 skips it), reliability (the short
// form of `npm run test:reliability`: the compiled server fuzzed, killed and loaded, and two
// instances on one PostgreSQL; on the embedded engine and on PostgreSQL unless it is skipped or
// unreachable), e2e (Playwright, e2e/playwright.config.ts). Machine-readable results go to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import {
  ensureNodeModules,
  ensurePowerCutPackages,
  ensureServerBuild,
  ensureSystemPackage,
  ensureWebBuild,
} from './lib/ensure-deps.mjs';
import { SetupError, forwardSignals, localBin, log, repoRoot, start, warn } from './lib/proc.mjs';
import {
  blockedSuite,
  eslintProblems,
  finalize,
  formatReport,
  parseReport,
  prettierProblems,
  skippedSuite,
  summarizePlaywright,
  summarizeVitest,
  summarizeCheck,
  summaryLine,
  tscProblems,
} from './lib/summary.mjs';
import { redact, postgresReachable } from './lib/postgres-check.mjs';
import { SUITES, parseArgs } from './lib/suites.mjs';

const RESULTS_DIR = 'test-results';
const E2E_CONFIG = 'e2e/playwright.config.ts';
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

let interrupted = false;
let current = null;
forwardSignals(
  () => (current ? [current] : []),
  () => {
    interrupted = true;
  },
);

async function runSuite(suite, tool, args, env) {
  const outFile = path.join(repoRoot, RESULTS_DIR, suite.out);
  fs.rmSync(outFile, { force: true }); // never read a previous run's report
  console.log('');
  log(`${suite.name}: ${tool} ${args.join(' ')}`);
  const childEnv = { ...process.env, TZ: 'UTC', ...env };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined || v === null) delete childEnv[k];
  let bin;
  try {
    bin = localBin(tool);
  } catch (err) {
    warn(err.message);
    return { report: null, error: err.message, exitCode: 127 };
  }
  const proc = start(process.execPath, [bin, ...args], { env: childEnv });
  current = proc.child;
  const { status } = await proc.done;
  current = null;
  // Read right away: a later runner may clean test-results/.
  const { report, error } = parseReport(fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : null);
  return { report, error, exitCode: status };
}

/** Runs a tool, echoing its output while keeping it for the summary. */
async function runCaptured(suite, tool, args) {
  console.log('');
  log(`${suite.name}: ${tool} ${args.join(' ')}`);
  let bin;
  try {
    bin = localBin(tool);
  } catch (err) {
    warn(err.message);
    return { output: '', exitCode: 127, error: err.message };
  }
  const proc = start(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  current = proc.child;
  let output = '';
  for (const stream of [proc.child.stdout, proc.child.stderr]) {
    stream?.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
  }
  const { status } = await proc.done;
  current = null;
  return { output, exitCode: status };
}

async function runTypecheck(suite) {
  const r = await runCaptured(suite, 'tsc', ['-p', 'tsconfig.json', '--noEmit', '--pretty', 'false']);
  return summarizeCheck(suite.name, { exitCode: r.exitCode, problems: tscProblems(r.output), error: r.error });
}

async function runLint(suite) {
  const outFile = path.join(repoRoot, RESULTS_DIR, suite.out);
  fs.rmSync(outFile, { force: true });
  const r = await runCaptured(suite, 'eslint', ['.', '--format', 'json', '--output-file', outFile]);
  if (r.error) return summarizeCheck(suite.name, { error: r.error });
  const { report, error } = parseReport(fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : null);
  if (!report) return summarizeCheck(suite.name, { error: `ESLint exited with code ${r.exitCode} and ${error}` });
  const { errors, warnings } = eslintProblems(report, repoRoot);
  for (const line of errors) console.log(`  ${line}`);
  const notes = warnings ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : [];
  log(`${suite.name}: ${report.length} files, ${errors.length} errors, ${warnings} warnings`);
  return summarizeCheck(suite.name, { exitCode: r.exitCode, problems: errors, notes });
}

async function runFormatCheck(suite) {
  const r = await runCaptured(suite, 'prettier', ['--check', '.']);
  const problems = prettierProblems(r.output);
  return summarizeCheck(suite.name, { exitCode: r.exitCode, problems, error: r.error });
}

function vitestArgs(suite) {
  return [
    'run',
    ...suite.projects.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${RESULTS_DIR}/${suite.out}`,
  ];
}

async function main() {
  const wanted = parseArgs(process.argv.slice(2));
  const selected = SUITES.filter((s) => wanted.has(s.id));
  const rows = [];
  const finish = () => {
    const totals = finalize(rows);
    console.log('');
    for (const line of formatReport(rows)) console.log(line);
    console.log('');
    if (totals.noTestsRan) console.log('no tests ran');
    console.log(summaryLine(totals));
    process.exitCode = totals.exitCode;
  };

  // 1. Dependencies. Nothing can run without them.
  try {
    ensureNodeModules();
  } catch (err) {
    if (!(err instanceof SetupError)) throw err;
    warn(err.message);
    rows.push(blockedSuite('setup: npm ci', err.message));
    return finish();
  }

  // 2. Chromium, for the browser tests only.
  const e2eSelected = wanted.has('e2e') && fs.existsSync(path.join(repoRoot, E2E_CONFIG));
  let chromiumPath = null;
  let chromiumError = null;
  if (e2eSelected) {
    try {
      chromiumPath = ensureSystemPackage({
        binary: 'chromium',
        aptPackage: 'chromium',
        knownPaths: ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'],
        purpose: 'Chromium is needed for the browser tests',
      });
    } catch (err) {
      if (!(err instanceof SetupError)) throw err;
      warn(err.message);
      chromiumError = err.message;
    }
  }

  // 3. The web build (served by the app in integration and browser tests). A failure is reported
  //    as one failure; the suites still run, since most do not need it.
  if (wanted.has('integration') || wanted.has('pg') || e2eSelected) {
    try {
      ensureWebBuild();
    } catch (err) {
      if (!(err instanceof SetupError)) throw err;
      warn(err.message);
      rows.push(blockedSuite('setup: web build', err.message));
    }
  }

  // 4. The compiled server (dist/server, ADR 011), which the browser and reliability tests run as
  //    `npm start` does. Built once here; the Playwright webServer then finds it up to date.
  if (e2eSelected || wanted.has('reliability')) {
    try {
      ensureServerBuild();
    } catch (err) {
      if (!(err instanceof SetupError)) throw err;
      warn(err.message);
      rows.push(blockedSuite('setup: server build', err.message));
    }
  }

  // 5. FUSE and a compiler for the power-cut file system (reliability only; it skips without them).
  if (wanted.has('reliability')) ensurePowerCutPackages();

  fs.mkdirSync(path.join(repoRoot, RESULTS_DIR), { recursive: true });

  for (const suite of selected) {
    if (interrupted) {
      rows.push(skippedSuite(suite.name, 'not run: interrupted'));
      continue;
    }

    if (suite.id === 'typecheck') rows.push(await runTypecheck(suite));
    if (suite.id === 'lint') rows.push(await runLint(suite));
    if (suite.id === 'format') rows.push(await runFormatCheck(suite));

    if (suite.id === 'unit' || suite.id === 'integration') {
      // TEST_DATABASE_URL selects an external server; the embedded run must not inherit it from the shell.
      const env = suite.id === 'integration' ? { TEST_DATABASE_URL: undefined } : {};
      const r = await runSuite(suite, 'vitest', vitestArgs(suite), env);
      rows.push(summarizeVitest(r.report, { name: suite.name, exitCode: r.exitCode, error: r.error, root: repoRoot }));
    }

    if (suite.id === 'pg') {
      if (process.env.SKIP_PG_TESTS === '1') {
        console.log('');
        log(`${suite.name}: skipped (SKIP_PG_TESTS=1)`);
        rows.push(skippedSuite(suite.name, 'skipped: SKIP_PG_TESTS=1'));
        continue;
      }
      const url = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
      const reach = await postgresReachable(url);
      if (!reach.ok) {
        const message =
          `PostgreSQL is not reachable at ${redact(url)} (${reach.why}). ` +
          `Start it (Debian: pg_ctlcluster <version> main start), point TEST_DATABASE_URL at a running server, ` +
          `or set SKIP_PG_TESTS=1 to skip this suite.`;
        console.log('');
        warn(message);
        rows.push(blockedSuite(suite.name, message));
        continue;
      }
      const r = await runSuite(suite, 'vitest', vitestArgs(suite), { TEST_DATABASE_URL: url });
      rows.push(summarizeVitest(r.report, { name: suite.name, exitCode: r.exitCode, error: r.error, root: repoRoot }));
    }

    if (suite.id === 'reliability') {
      // PostgreSQL as for the pg suite: skipped with SKIP_PG_TESTS=1, and when it cannot be reached
      // (the embedded half still runs; the pg suite reports the outage).
      const url = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
      const skipPg = process.env.SKIP_PG_TESTS === '1' || !(await postgresReachable(url)).ok;
      if (skipPg) log(`${suite.name}: PostgreSQL half skipped (SKIP_PG_TESTS=1 or unreachable)`);
      const env = { TEST_DATABASE_URL: undefined, BENCH_PG_URL: url, SKIP_PG_TESTS: skipPg ? '1' : undefined };
      const r = await runSuite(suite, 'vitest', vitestArgs(suite), env);
      rows.push(summarizeVitest(r.report, { name: suite.name, exitCode: r.exitCode, error: r.error, root: repoRoot }));
    }

    if (suite.id === 'e2e') {
      if (!e2eSelected) {
        console.log('');
        log(`${suite.name}: skipped (${E2E_CONFIG} does not exist yet)`);
        rows.push(skippedSuite(suite.name, `skipped: ${E2E_CONFIG} does not exist yet`));
        continue;
      }
      if (chromiumError) {
        rows.push(blockedSuite(suite.name, chromiumError));
        continue;
      }
      const args = ['test', '-c', E2E_CONFIG, '--reporter=list,json', '--pass-with-no-tests'];
      const r = await runSuite(suite, 'playwright', args, {
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(repoRoot, RESULTS_DIR, suite.out),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CHROMIUM_PATH: process.env.CHROMIUM_PATH || chromiumPath,
      });
      rows.push(summarizePlaywright(r.report, { name: suite.name, exitCode: r.exitCode, error: r.error }));
    }
  }

  finish();
}

main().catch((err) => {
  // Unexpected error in this script: still end with the line CI reads.
  console.error(err);
  console.log(summaryLine({ passed: 0, failed: 1 }));
  process.exitCode = 1;
});
