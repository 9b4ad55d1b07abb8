import type { PageMeta } from '#web/app/public-meta.ts';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a <script> data block: nothing in it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface DocumentParts {
  meta: PageMeta;
  /** Scheme and host of the request ('https://example.pt'): link previews need absolute addresses. */
  baseUrl: string;
  /** The page's path, for og:url. */
  path: string;
  siteName: string;
  /** The server-rendered page. */
  appHtml: string;
  /** serializePageData(...) of the page's data. */
  dataJson: string;
  /** Fetched early: the proposal's first photo (the largest paint). */
  preloadImage?: string | null;
  /** schema.org data for search engines (the landing page's organisation). */
  jsonLd?: unknown;
  /** The /legacy/proposals redirect to the older site (ADR 009), for browsers without JavaScript. */
  refreshTo?: string | null;
}

export const absoluteUrl = (baseUrl: string, pathOrUrl: string) => new URL(pathOrUrl, `${baseUrl}/`).toString();

/** The head tags of a public page: title, description, robots, canonical, Open Graph and Twitter. */
export function headTags(p: DocumentParts): string {
  const { meta } = p;
  const e = escapeHtml;
  const image = meta.image ? absoluteUrl(p.baseUrl, meta.image) : null;
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : null,
    meta.canonicalPath ? `<link rel="canonical" href="${e(absoluteUrl(p.baseUrl, meta.canonicalPath))}" />` : null,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(p.siteName)}" />`,
    `<meta property="og:locale" content="${e(meta.ogLocale)}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(absoluteUrl(p.baseUrl, meta.canonicalPath ?? p.path))}" />`,
    image ? `<meta property="og:image" content="${e(image)}" />` : null,
    image ? `<meta property="og:image:alt" content="${e(meta.title)}" />` : null,
    `<meta name="twitter:card" content="${image && meta.image !== '/icon-512.png' ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    image ? `<meta name="twitter:image" content="${e(image)}" />` : null,
    p.preloadImage ? `<link rel="preload" as="image" href="${e(p.preloadImage)}" fetchpriority="high" />` : null,
    p.refreshTo ? `<meta http-equiv="refresh" content="0;url=${e(p.refreshTo)}" />` : null,
    p.jsonLd ? `<script type="application/ld+json">${scriptJson(p.jsonLd)}</script>` : null,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * index.html as the build made it (scripts and styles with their hashes) with the page's language,
 * head tags, rendered HTML and data block put in.
 */
export function renderDocument(template: string, p: DocumentParts): string {
  const head = headTags(p);
  const withHead = /<title>[\s\S]*?<\/title>/i.test(template)
    ? template.replace(/<title>[\s\S]*?<\/title>/i, () => head)
    : template.replace(/<\/head>/i, () => `${head}\n</head>`);
  return withHead
    .replace(/<html[^>]*>/i, `<html lang="${escapeHtml(p.meta.lang)}">`)
    .replace(
      /<div id="root"><\/div>/,
      () =>
        `<div id="root">${p.appHtml}</div>\n    <script type="application/json" id="page-data">${p.dataJson}</script>`,
    );
}
