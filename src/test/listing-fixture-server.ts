/**
 * A local stand-in for a marketplace (tests only): listing pages built from the hand-authored
 * fixtures in src/shared/listings/fixtures, with their photos served from here, plus the failure
 * cases (anti-bot page, a redirect to a private address, a missing photo). The app reaches it only
 * through LISTING_FETCH_TEST_ORIGIN.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../shared/listings/fixtures');
const AS24_IMAGES = 'https://prod.pictures.autoscout24.net/listing-images/';

export interface ListingFixtureServer {
  origin: string;
  /** URL of a fixture page served with its photos on this server. */
  listingUrl(fixture: string, query?: string): string;
  /** A page of fixtures/refused (search results, a dealer's stock, a bot wall...). */
  refusedUrl(fixture: string): string;
  /** Photo requests seen, in order. */
  photoRequests: string[];
  close(): Promise<void>;
}

/** A solid-colour JPEG of the given size, coloured by the photo's name so each one differs. */
async function photo(name: string, width: number, height: number): Promise<Buffer> {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const background = { r: hash & 0xff, g: (hash >> 8) & 0xff, b: (hash >> 16) & 0xff };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function startListingFixtureServer(port = 0): Promise<ListingFixtureServer> {
  let origin = '';
  const photoRequests: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fixture');
      if (url.pathname.startsWith('/listing/')) {
        const name = path.basename(url.pathname);
        let html = readFileSync(path.join(FIXTURES, `${name}.html`), 'utf8').replaceAll(AS24_IMAGES, `${origin}/img/`);
        // ?thumb=1: the AutoScout24 fixture's second photo is served as a small thumbnail.
        if (url.searchParams.has('thumb')) html = html.replaceAll('0a1b2c3d-7777', 'thumb-7777');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      } else if (url.pathname.startsWith('/refused/')) {
        // Pages that are not one car, or bot walls (docs/listings.md section 1).
        const name = path.basename(url.pathname);
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(readFileSync(path.join(FIXTURES, 'refused', `${name}.html`), 'utf8'));
      } else if (url.pathname.startsWith('/img/')) {
        photoRequests.push(url.pathname);
        if (url.pathname.includes('missing')) return void res.writeHead(404).end();
        // A "thumb" photo is below the editor's 200 px limit; the others are large and get resized.
        const [w, h] = url.pathname.includes('thumb') ? [160, 120] : [2400, 1800];
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(await photo(url.pathname, w, h));
      } else if (url.pathname === '/blocked') {
        res
          .writeHead(403, { 'content-type': 'text/html' })
          .end(readFileSync(path.join(FIXTURES, 'block-akamai-mobile-de.html'), 'utf8'));
      } else if (url.pathname === '/redirect-private') {
        res.writeHead(302, { location: 'https://10.0.0.1/listing' }).end();
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    origin,
    refusedUrl: (fixture) => `${origin}/refused/${fixture}`,
    listingUrl: (fixture, query) => `${origin}/listing/${fixture}${query ? `?${query}` : ''}`,
    photoRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
