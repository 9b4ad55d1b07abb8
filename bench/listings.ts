// Listing parse-time benchmark: `npx tsx bench/listings.ts`.
// For every fixture page (src/shared/listings/fixtures) and for ~2 MB synthetic pages (a fixture
// padded with realistic noise: CSS, inline scripts, SVG icons, markup, and for mobile.de extra
// flight chunks), parseListing runs WARMUP times, then ITERATIONS timed times.
// Prints p50/p99/max per page against the 50 ms target; exits 0 (figures go in bench/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseListing } from '#shared/listings/parse-listing.ts';
import { fmt, table } from './lib/table.ts';

const TARGET_MS = 50;
const ITERATIONS = Number(process.env.LISTINGS_BENCH_ITERATIONS ?? 300);
const LARGE_ITERATIONS = Number(process.env.LISTINGS_BENCH_LARGE_ITERATIONS ?? 40);
const WARMUP = 20;
const LARGE_BYTES = 2 * 1024 * 1024;

const dir = new URL('../src/shared/listings/fixtures/', import.meta.url);
const URLS: Record<string, string> = {
  as24: 'https://www.autoscout24.de/angebote/x-6b1c2f1e-4a7d-4d4b-9a51-0c3f1e2d7a10',
  mobile: 'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295',
  standvirtual: 'https://www.standvirtual.com/carros/anuncio/x-ID8PaB1c.html',
  otomoto: 'https://www.otomoto.pl/osobowe/oferta/x.html',
  generic: 'https://www.example-dealer.pt/carros/1',
  block: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
};
const urlFor = (file: string) => URLS[Object.keys(URLS).find((k) => file.startsWith(k)) ?? 'generic']!;

/** Noise as real pages carry it: markup with attributes, CSS, JSON-ish inline scripts, SVG sprites. */
function noise(bytes: number, seed: number): { head: string; body: string; flight: string } {
  let s = seed;
  const rnd = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const word = () => Math.floor(rnd() * 1e9).toString(36);
  const head: string[] = [];
  const body: string[] = [];
  const flight: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const kind = i % 5;
    let chunk: string;
    if (kind === 0)
      chunk = `<style>.c-${word()}{display:flex;margin:0 ${i % 16}px;color:#${word().slice(0, 6).padEnd(6, '0')}}.d-${word()}>a:hover{text-decoration:underline}</style>`;
    else if (kind === 1)
      chunk = `<div class="Card_card__${word()}" data-testid="card-${i}"><a href="/angebote/${word()}-${word()}"><img src="https://cdn.example/${word()}.webp" alt="${word()} ${word()}" loading="lazy"></a><span>${Math.floor(rnd() * 90_000)} km &middot; ${word()}</span></div>`;
    else if (kind === 2)
      chunk = `<script>window.dataLayer=window.dataLayer||[];dataLayer.push({"event":"${word()}","items":[${Array.from({ length: 8 }, () => `{"id":"${word()}","price":${Math.floor(rnd() * 1e5)}}`).join(',')}]});</script>`;
    else if (kind === 3)
      chunk = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M${Array.from({ length: 30 }, () => (rnd() * 24).toFixed(2)).join(' ')}Z"/></svg>`;
    else
      chunk = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":${i},"name":"${word()}"}]}</script>`;
    (kind === 0 ? head : body).push(chunk);
    if (i % 7 === 0)
      flight.push(
        `<script>self.__next_f.push([1,"${i.toString(16)}:[\\"$\\",\\"div\\",null,{\\"className\\":\\"${word()}\\",\\"children\\":\\"${word()} ${word()}\\"}]\\n"])</script>`,
      );
    size += chunk.length;
  }
  return { head: head.join('\n'), body: body.join('\n'), flight: flight.join('\n') };
}

/** The fixture padded to about `bytes`: noise in the head and before/after the data scripts. */
function padded(html: string, bytes: number, seed: number): string {
  const n = noise(bytes - html.length, seed);
  const half = Math.floor(n.body.length / 2);
  const isFlight = html.includes('__next_f.push');
  return html
    .replace('</head>', `${n.head}\n</head>`)
    .replace('<body>', `<body>\n${n.body.slice(0, half)}${isFlight ? `\n${n.flight}` : ''}`)
    .replace('</body>', `${n.body.slice(half)}\n</body>`);
}

function measure(html: string, url: string, iterations: number) {
  for (let i = 0; i < WARMUP; i++) parseListing(html, url);
  const times: number[] = [];
  let outcome = parseListing(html, url);
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    outcome = parseListing(html, url);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: q(0.5), p99: q(0.99), max: times[times.length - 1]!, result: outcome.ok ? 'ok' : outcome.reason };
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort();
const pages = files.map((file) => ({
  name: file,
  html: readFileSync(new URL(file, dir), 'utf8'),
  url: urlFor(file),
  iterations: ITERATIONS,
}));
for (const [i, file] of [
  'as24-de-net-reduced.html',
  'mobile-de-rsc-net.html',
  'mobile-de-legacy.html',
  'standvirtual-iva.html',
  'generic-jsonld-car.html',
].entries()) {
  const html = padded(readFileSync(new URL(file, dir), 'utf8'), LARGE_BYTES, 7 + i);
  pages.push({ name: `${file} padded`, html, url: urlFor(file), iterations: LARGE_ITERATIONS });
}

const rows: string[][] = [];
let failures = 0;
for (const page of pages) {
  const r = measure(page.html, page.url, page.iterations);
  const pass = r.max <= TARGET_MS;
  if (!pass) failures++;
  rows.push([
    page.name,
    `${(page.html.length / 1024).toFixed(0)} KiB`,
    String(page.iterations),
    r.result,
    fmt(r.p50, 3),
    fmt(r.p99, 3),
    fmt(r.max, 3),
    pass ? 'PASS' : 'FAIL',
  ]);
}
console.log(`parseListing, Node ${process.version}, target <= ${TARGET_MS} ms per page (max of the timed runs)\n`);
console.log(table(['page', 'size', 'runs', 'outcome', 'p50 ms', 'p99 ms', 'max ms', ''], rows, 'lrrlrrrl'));
console.log(`\n${failures === 0 ? 'all pages within target' : `${failures} page(s) over target`}`);
