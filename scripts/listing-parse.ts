// Parse a saved listing page: npm run listing:parse -- <saved-page.html> --url <listing-url>
// Prints the extracted data as JSON; a one-line error and exit code 1 when the page is a block
// page, is not a listing, or the arguments or file are wrong.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseListing } from '#shared/listings/parse-listing.ts';

const USAGE = 'usage: npm run listing:parse -- <saved-page.html> --url <listing-url>';

export interface CliIo {
  readFile: (path: string) => string;
  out: (text: string) => void;
  err: (text: string) => void;
}

const realIo: CliIo = {
  readFile: (path) => readFileSync(path, 'utf8'),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Runs the command; returns the exit code. */
export function main(argv: string[], io: CliIo = realIo): number {
  let file: string | undefined;
  let url: string | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { url: { type: 'string' } },
    });
    file = positionals[0];
    url = values.url;
    if (positionals.length > 1) throw new Error(`unexpected argument: ${positionals[1]}`);
  } catch (e) {
    io.err(`error: ${(e as Error).message}. ${USAGE}`);
    return 1;
  }
  if (!file || !url) {
    io.err(`error: ${!file ? 'a saved page file' : '--url'} is required. ${USAGE}`);
    return 1;
  }
  let html: string;
  try {
    html = io.readFile(file);
  } catch (e) {
    io.err(`error: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  const outcome = parseListing(html, url);
  if (!outcome.ok) {
    io.err(
      outcome.reason === 'blocked'
        ? `error: blocked page (${outcome.protection} bot protection), not a listing`
        : 'error: no car data found in the page (not a listing)',
    );
    return 1;
  }
  io.out(JSON.stringify(outcome.data, null, 2));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
