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

export const {
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
