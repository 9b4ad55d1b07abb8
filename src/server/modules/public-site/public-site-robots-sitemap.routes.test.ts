import { describe, expect, it } from 'vitest';
import { ORIGIN, publicSiteTestApp } from './public-site.test-helpers.ts';

describe('server-rendered public pages, robots.txt and sitemap.xml', () => {
  const { get } = publicSiteTestApp();

  it('serves robots.txt: proposals, the back office and the API are not for search engines', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /proposta/',
        'Disallow: /proposals/',
        'Disallow: /legacy/',
        'Disallow: /acompanhar/',
        '',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('serves sitemap.xml with the public pages only', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${ORIGIN}/`, `${ORIGIN}/contacto`, `${ORIGIN}/faq`, `${ORIGIN}/simulador-isv`]);
    expect(res.body).not.toMatch(/admin|proposta|proposals|legacy|api/);
  });
});
