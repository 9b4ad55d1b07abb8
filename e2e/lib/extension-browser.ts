// The built, unpacked extension (dist/extension, written by `npx vite build`) in Debian's Chromium:
// a persistent context (extensions need one), marketplace pages served from the saved fixtures under
// their real addresses (context.route), and nothing else leaves the machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const EXTENSION_DIR = path.join(repoRoot, 'dist', 'extension');
const FIXTURES = path.join(repoRoot, 'src', 'shared', 'listings', 'fixtures');
const AS24_IMAGES = 'https://prod.pictures.autoscout24.net/listing-images/';

export const MARKETPLACE_HOSTS =
  /^https:\/\/(www\.autoscout24\.(de|at|it|fr|nl|be|lu|es|pt|com|pl|se)|suchen\.mobile\.de|www\.mobile\.de|www\.standvirtual\.com)\//;

/** A saved page by name; AutoScout24 photos point at the fixture server (the back office downloads them). */
export function fixtureHtml(name: string, photoOrigin?: string): string {
  const html = readFileSync(path.join(FIXTURES, `${name}.html`), 'utf8');
  return photoOrigin ? html.replaceAll(AS24_IMAGES, `${photoOrigin}/img/`) : html;
}

/** A page that is not one car, or a bot wall (src/shared/listings/fixtures/refused). */
export function refusedHtml(name: string): string {
  return readFileSync(path.join(FIXTURES, 'refused', `${name}.html`), 'utf8');
}

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Serve this HTML at this address (the latest call for an address wins). */
  serve(url: string, html: string): void;
  close(): Promise<void>;
}

export async function launchWithExtension(baseURL: string): Promise<ExtensionBrowser> {
  const context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-PT',
    timezoneId: 'UTC',
    args: [
      '--headless=new',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  let [worker] = context.serviceWorkers();
  worker ??= await context.waitForEvent('serviceworker');
  const extensionId = new URL(worker.url()).host;
  const pages = new Map<string, string>();
  // Registered first, so matched last: any other https request is refused.
  await context.route(/^https:\/\//, (route) => route.abort());
  await context.route(MARKETPLACE_HOSTS, (route) => {
    const url = route.request().url();
    const html = pages.get(url.split('#')[0]!);
    if (html === undefined || route.request().resourceType() !== 'document')
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
  return {
    context,
    worker,
    extensionId,
    serve: (url, html) => void pages.set(url, html),
    close: () => context.close(),
  };
}
