import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from './listing-parse.ts';

const fixtures = fileURLToPath(new URL('../src/shared/listings/fixtures/', import.meta.url));

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readFile: (path) => readFileSync(path, 'utf8'),
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  };
  return { code: main(argv, io), out: out.join('\n'), err: err.join('\n') };
}

describe('npm run listing:parse', () => {
  it('prints the data as pretty JSON', () => {
    const r = run([
      `${fixtures}standvirtual-iva.html`,
      '--url',
      'https://www.standvirtual.com/carros/anuncio/x-ID8PaB1c.html',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ marketplace: 'standvirtual', brand: 'BMW', price: '52900.00' });
    expect(r.out).toContain('\n  "brand": "BMW"');
  });

  it.each([
    [[], 'a saved page file is required'],
    [['page.html'], '--url is required'],
    [['a.html', 'b.html', '--url', 'https://x.example'], 'unexpected argument'],
    [['page.html', '--bogus'], 'Unknown option'],
    [['/nonexistent/missing.html', '--url', 'https://x.example'], 'cannot read /nonexistent/missing.html: ENOENT'],
  ])('%j fails with one line', (argv, message) => {
    const r = run(argv);
    expect(r.code).toBe(1);
    expect(r.err).toContain(message);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
  });

  it('reports block pages and non-listings', () => {
    const blocked = run([`${fixtures}block-datadome-as24.html`, '--url', 'https://www.autoscout24.de/angebote/x']);
    expect([blocked.code, blocked.err]).toEqual([1, 'error: blocked page (datadome bot protection), not a listing']);
    const cloudfront = run([`${fixtures}block-cloudfront-standvirtual.html`, '--url=https://www.standvirtual.com/x']);
    expect(cloudfront.err).toContain('cloudfront');
  });

  it('runs as a process with tsx', () => {
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const script = fileURLToPath(new URL('./listing-parse.ts', import.meta.url));
    const ok = spawnSync(
      tsx,
      [script, `${fixtures}otomoto.html`, '--url', 'https://www.otomoto.pl/osobowe/oferta/x.html'],
      { encoding: 'utf8' },
    );
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ marketplace: 'otomoto', currency: 'PLN' });
    const bad = spawnSync(tsx, [script, `${fixtures}generic-og-only.html`], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^error: --url is required/);
  }, 30_000);
});
