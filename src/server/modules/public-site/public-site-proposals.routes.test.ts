import { describe, expect, it } from 'vitest';
import { ID, ORIGIN, publicSiteTestApp } from './public-site.test-helpers.ts';

describe('server-rendered public pages, robots.txt and sitemap.xml', () => {
  const { setSetting, get, meta, pageData } = publicSiteTestApp();

  it('gives a proposal link its preview: the car in the title, the first photo as an absolute URL, the total in the description', async () => {
    const res = await get(`/proposta/${ID}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="pt-PT">');
    expect(html).toContain('<title>Proposta: BMW X1 sDrive18d | Carros &amp; Companhia</title>');
    expect(meta(html, 'property', 'og:title')).toBe('Proposta: BMW X1 sDrive18d | Carros &amp; Companhia');
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/abcdef0123456789abcdef`);
    expect(meta(html, 'name', 'twitter:image')).toBe(`${ORIGIN}/media/abcdef0123456789abcdef`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'property', 'og:description')).toBe(
      '03/2020 · 45 000 km. Total chave na mão: €29 820, com ISV, transporte e legalização incluídos.',
    );
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/proposta/${ID}`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/abcdef0123456789abcdef" fetchpriority="high" />',
    );
    // The page is in the HTML: the price, the photos, the comercial manager, the link to the English page.
    expect(html).toContain('Fotografias do Veículo (2)');
    expect(html).toContain('€29\u00a0820');
    expect(html).toContain('Miguel Costa');
    expect(html).toContain(`href="/proposals/${ID}"`);
    expect(html).toContain('#<!-- -->L55001');
    expect(pageData(html).proposal.lead).toEqual({
      firstName: 'Joana',
      lastName: 'Martins',
      email: 'joana@example.pt',
      reference: 'L55001',
      emailSource: 'comercial',
    });
    expect(html).not.toContain('+351 961 000 000');
  });

  it('renders /proposals in English, linking back to /proposta', async () => {
    const html = (await get(`/proposals/${ID}`, { 'x-forwarded-proto': 'https' })).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Proposal: BMW X1 sDrive18d | Carros &amp; Companhia</title>');
    expect(meta(html, 'property', 'og:locale')).toBe('en_GB');
    expect(meta(html, 'property', 'og:description')).toBe(
      '03/2020 · 45 000 km. Turnkey total: €29 820, with ISV, transport and registration included.',
    );
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/abcdef0123456789abcdef`);
    expect(html).toContain('Vehicle Photos (2)');
    expect(html).toContain(`href="/proposta/${ID}"`);
  });

  it('answers an unknown proposal with 404 and the not-found page, never indexed', async () => {
    for (const url of ['/proposta/00000000-0000-4000-8000-000000000000', '/proposals/nope', '/proposta/%3Cscript%3E']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(url.startsWith('/proposals') ? 'Proposal not found' : 'Proposta não encontrada');
      expect(res.body, url).toContain('noindex');
      expect(res.body, url).not.toContain('<script>');
    }
    expect((await get('/proposta/00000000-0000-4000-8000-000000000000')).body).toContain(
      'A proposta solicitada não existe ou não está disponível.',
    );
  });

  it("/legacy/proposals shows this site's proposal without LEGACY_SITE_URL, and redirects to the older site with it", async () => {
    const here = await get(`/legacy/proposals/${ID}`);
    expect(here.statusCode).toBe(200);
    expect(here.body).toContain('Fotografias do Veículo (2)');
    expect(here.body).not.toContain('Redirecionando');

    await setSetting('legacy.siteUrl', 'https://antigo.example.pt/');
    try {
      const away = await get(`/legacy/proposals/${ID}`);
      expect(away.statusCode).toBe(200);
      expect(away.body).toContain('Redirecionando para a proposta...');
      expect(away.body).toContain(
        `<meta http-equiv="refresh" content="0;url=https://antigo.example.pt/proposals/${ID}" />`,
      );
      expect(pageData(away.body).legacyTarget).toBe(`https://antigo.example.pt/proposals/${ID}`);
    } finally {
      await setSetting('legacy.siteUrl', '');
    }
  });

  it('sends the proposal pages and their data private, no-store; the other pages revalidate', async () => {
    for (const url of [
      `/proposta/${ID}`,
      `/proposals/${ID}`,
      `/legacy/proposals/${ID}`,
      '/proposta/nope',
      `/api/proposals/public/${ID}`,
    ])
      expect((await get(url)).headers['cache-control'], url).toBe('private, no-store');
    for (const url of ['/', '/faq', '/simulador-isv'])
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
  });
});
