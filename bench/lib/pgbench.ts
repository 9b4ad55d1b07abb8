// The statements one call sends (captured with bench/lib/query-log.ts), as a pgbench custom script:
// one transaction of the script = one call's statements, in order, each with the parameters the
// app sent, as parameters (`-M prepared`: `$n` becomes a pgbench variable defined with `-D`, sent
// as an untyped text parameter, as node-postgres sends it). Then pgbench itself, and its tps.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CapturedQuery } from './query-log.ts';

/** pgbench on PATH, else PostgreSQL's own directory (Debian keeps it in /usr/lib/postgresql/N/bin). */
export function pgbenchPath(): string {
  if (spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0) return 'pgbench';
  for (const v of ['17', '16', '15', '14']) {
    const p = `/usr/lib/postgresql/${v}/bin/pgbench`;
    if (spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0) return p;
  }
  throw new Error('pgbench was not found (PATH, /usr/lib/postgresql/*/bin): install PostgreSQL client tools');
}

/** A parameter as node-postgres sends it: text (null is written into the statement instead). */
function asText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value))
    return `{${value.map((v) => (v === null ? 'NULL' : `"${asText(v).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * pgbench reads every `:name` as a variable, inside string literals too (`'HH24:MI:SS'`): a
 * literal with a colon is rewritten as the same value in an escape string, the colon as `\x3a`.
 */
function hideColonsInLiterals(sqlText: string): string {
  return sqlText.replace(/(?<![A-Za-z0-9_])'((?:[^']|'')*)'/g, (whole, content: string) =>
    content.includes(':') ? `E'${content.replace(/\\/g, '\\\\').replace(/:/g, '\\x3a')}'` : whole,
  );
}

export interface Script {
  file: string;
  /** `-D name=value` arguments for the parameters. */
  defines: string[];
  text: string;
}

/** Writes `<dir>/<name>.sql` for `statements`; `$n` of statement k becomes `:sk_n`. */
export function writeScript(dir: string, name: string, statements: CapturedQuery[]): Script {
  const defines: string[] = [];
  const lines = statements.map((q, k) => {
    // A leading comment goes: pgbench would read `:leads_list` in `/* named:leads_list */` (ADR 073) as a variable.
    const oneLine = hideColonsInLiterals(
      q.sql
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\/\*.*?\*\/ */, ''),
    );
    return (
      oneLine.replace(/\$(\d+)\b/g, (_m, n: string) => {
        const value = q.params[Number(n) - 1];
        if (value === null || value === undefined) return 'NULL';
        const variable = `s${k}_${n}`;
        defines.push('-D', `${variable}=${asText(value)}`);
        return `:${variable}`;
      }) + ';'
    );
  });
  const file = path.join(dir, `${name}.sql`);
  const text = lines.join('\n') + '\n';
  writeFileSync(file, text);
  return { file, defines, text };
}

/**
 * prepared: each statement parsed and planned once per connection (the issue's comparison);
 * extended: parsed and planned on every execution, as node-postgres does with an unnamed statement.
 */
export type PgbenchMode = 'prepared' | 'extended';

export interface PgbenchResult {
  mode: PgbenchMode;
  clients: number;
  durationS: number;
  tps: number;
  transactions: number;
  failed: number;
  latencyAvgMs: number;
  output: string;
}

/** pgbench -n -M mode -c clients -j (up to 2 threads) -T durationS -f script, against `url`. */
export function runPgbench(
  url: string,
  script: Script,
  clients: number,
  durationS: number,
  mode: PgbenchMode = 'prepared',
): Promise<PgbenchResult> {
  const args = [
    '-n',
    '-M',
    mode,
    '-c',
    String(clients),
    '-j',
    String(Math.min(2, clients)),
    '-T',
    String(durationS),
    '-f',
    script.file,
    ...script.defines,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(pgbenchPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const num = (re: RegExp) => Number(re.exec(output)?.[1] ?? NaN);
      const tps = num(/tps = ([\d.]+) \(without initial connection time\)/);
      if (code !== 0 || !Number.isFinite(tps))
        return reject(
          new Error(`pgbench ${args.slice(0, 10).join(' ')} ... failed (exit ${code}):\n${output.slice(-2_000)}`),
        );
      resolve({
        mode,
        clients,
        durationS,
        tps,
        transactions: num(/number of transactions actually processed: (\d+)/),
        failed: num(/number of failed transactions: (\d+)/) || 0,
        latencyAvgMs: num(/latency average = ([\d.]+) ms/),
        output,
      });
    });
  });
}
