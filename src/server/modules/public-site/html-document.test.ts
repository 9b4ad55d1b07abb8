import { describe, expect, it } from 'vitest';
import { escapeHtml, renderDocument } from './html-document.ts';
import { robotsTxt, sitemapXml } from './robots.ts';

const template =
  '<!doctype html>\n<html lang="pt-PT">\n<head>\n<title>AutoImport</title>\n<script type="module" src="/assets/a.js"></script>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>';
const meta = {
  title: 'T "1" & <2>',
  description: 'D',
  lang: 'en',
  canonicalPath: null,
  noindex: true,
  image: '/media/abc',
  ogLocale: 'en_GB',
};

describe('the server-rendered document', () => {
  it('puts the language, head tags, page and data into index.html and keeps its scripts', () => {
    const html = renderDocument(template, {
      meta,
      baseUrl: 'https://x.pt',
      path: '/proposals/1',
      siteName: 'S',
      appHtml: '<main>$& $1</main>',
      dataJson: '{"a":1}',
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>T &quot;1&quot; &amp; &lt;2&gt;</title>');
    expect(html).not.toContain('<title>AutoImport</title>');
    expect(html).toContain('<meta property="og:image" content="https://x.pt/media/abc" />');
    expect(html).toContain('<meta property="og:url" content="https://x.pt/proposals/1" />');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // Replacement patterns in the page text are not interpreted.
    expect(html).toContain('<div id="root"><main>$& $1</main></div>');
    expect(html).toContain('<script type="application/json" id="page-data">{"a":1}</script>');
    expect(html).toContain('<script type="module" src="/assets/a.js"></script>');
  });

  it('adds the head tags before </head> when the template has no title', () => {
    const html = renderDocument('<html><head></head><body><div id="root"></div></body></html>', {
      meta,
      baseUrl: 'http://h',
      path: '/',
      siteName: 'S',
      appHtml: '',
      dataJson: '{}',
    });
    expect(html).toMatch(/<head><title>.*<\/title>.*\n<\/head>/s);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes robots.txt and sitemap.xml for the given origin (PUBLIC_URL)', () => {
    expect(robotsTxt('https://x.pt')).toContain('Sitemap: https://x.pt/sitemap.xml');
    expect(sitemapXml('https://x.pt', ['/', '/faq'])).toContain('<url><loc>https://x.pt/faq</loc></url>');
  });
});
