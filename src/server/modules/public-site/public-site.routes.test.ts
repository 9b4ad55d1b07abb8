import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ID, ORIGIN, FORGED_HOST, publicSiteTestApp } from './public-site.test-helpers.ts';

describe('server-rendered public pages, robots.txt and sitemap.xml', () => {
  const { setSetting, get, meta, pageData } = publicSiteTestApp();

  it('renders the landing page with its meta tags, absolute URLs from PUBLIC_URL and the data the browser hydrates with', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="pt-PT">');
    expect(html).toContain('<title>Importação de automóveis chave na mão | Carros &amp; Companhia</title>');
    expect(meta(html, 'name', 'description')).toMatch(/^Importamos o seu próximo carro da Europa, chave na mão/);
    expect(meta(html, 'property', 'og:title')).toBe('Importação de automóveis chave na mão | Carros &amp; Companhia');
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/`);
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/icon-512.png`);
    expect(meta(html, 'property', 'og:locale')).toBe('pt_PT');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    expect(html).not.toContain('noindex');
    expect(html).toContain('"@type":"AutomotiveBusiness"');
    // The page itself, its sections in order, with the hidden way into the back office.
    // React separates adjacent text nodes with an empty comment; the reader sees one sentence.
    expect(html).toMatch(/<h1[^>]*>O carro que procura,(<!-- -->)? .*<a href="\/admin"[^>]*>Garagem<\/a>/s);
    const body = html.slice(html.indexOf('<div id="root">'));
    const order = [
      '<header',
      '>Garagem<',
      '3-4 semanas',
      'Como funciona</h2>',
      'id="pedir-orcamento"',
      'Porquê nós?',
      'Perguntas frequentes</h2>',
      '+351 210 000 000',
    ].map((s) => body.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('href="/simulador-isv"');
    expect(pageData(html)).toMatchObject({
      currentYear: 2026,
      settings: { company: { name: 'Carros & Companhia' }, managers: { comercial: { name: 'Miguel Costa' } } },
    });
    // The script stays where the build put it.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("previews the pages with the company's logo once Settings has one, else the product icon", async () => {
    await setSetting('company.logoUrl', '/media/logo0123456789abcdef01');
    try {
      for (const url of ['/', '/faq', '/simulador-isv', '/proposta/00000000-0000-4000-8000-00000000dead']) {
        const html = (await get(url)).body;
        expect(meta(html, 'property', 'og:image'), url).toBe(`${ORIGIN}/media/logo0123456789abcdef01`);
      }
      // A proposal with photos keeps its first photo.
      expect(meta((await get(`/proposta/${ID}`)).body, 'property', 'og:image')).toBe(
        `${ORIGIN}/media/abcdef0123456789abcdef`,
      );
    } finally {
      await setSetting('company.logoUrl', '');
    }
    expect(meta((await get('/')).body, 'property', 'og:image')).toBe(`${ORIGIN}/icon-512.png`);
  });

  it('renders the quote form prefilled from the address (the ISV simulator link)', async () => {
    const html = (
      await get(
        '/?vehicleChoice=brand_model&brand=BMW&model=X5&year=2020&budget=40000&mileage=80000&fuelType=gasoleo&transmission=automatica&utm_source=simulador',
      )
    ).body;
    expect(html).toMatch(/name="brand"[^>]*value="BMW"|value="BMW"[^>]*name="brand"/);
    expect(html).toMatch(/value="X5"/);
    expect(html).toMatch(/value="2020"/);
    expect(html).toMatch(/<option value="gasoleo" selected="">Gasóleo<\/option>/);
    expect(html).toMatch(/<option value="automatica" selected="">Automática<\/option>/);
    expect(html).toMatch(/max="2026"/);
    expect(html).toMatch(/min="1990"/);
  });

  it('renders the contact addresses as header, form and footer only, all with /contacto as canonical', async () => {
    for (const url of ['/contacto', '/contactos', '/contacts', '/contact']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="pedir-orcamento"');
      expect(res.body, url).toContain('<footer');
      expect(res.body, url).toContain('<header');
      expect(res.body, url).not.toContain('>Garagem<');
      expect(res.body, url).not.toContain('Perguntas frequentes</h2>');
      expect(res.body, url).toContain(`<link rel="canonical" href="${ORIGIN}/contacto" />`);
    }
  });

  it('renders /faq as the FAQ alone, four questions, all closed', async () => {
    const html = (await get('/faq')).body;
    expect(html).toContain('<title>Perguntas frequentes | Carros &amp; Companhia</title>');
    for (const q of [
      'Quanto tempo demora a importação?',
      'Como funciona o pedido de orçamento?',
      'Que documentos são necessários?',
      'Porque não importar por conta própria?',
    ]) {
      expect(html).toContain(q);
    }
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(4);
    expect(html).not.toContain('id="pedir-orcamento"');
    expect(html).not.toContain('<header');
    expect(html).toContain('cartão de cidadão e comprovativo de morada fiscal');
    expect(html).toContain('certidão');
  });

  it('renders the ISV simulator with its head tags, the shared header and footer, and the state of a shared link', async () => {
    const res = await get(
      '/simulador-isv?matricula=2020-06-01&cc=1395&co2=135&ciclo=wltp&declaracao=2025-11-21&preco=15.000&km=85000',
    );
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Simulador de ISV para carros importados | Carros &amp; Companhia</title>');
    expect(meta(html, 'name', 'description')).toMatch(/^Calcule o ISV e o IVA de um carro importado/);
    expect(meta(html, 'property', 'og:title')).toBe('Simulador de ISV para carros importados | Carros &amp; Companhia');
    // One canonical address whatever the inputs.
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/simulador-isv`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/simulador-isv" />`);
    expect(html).not.toContain('noindex');
    expect(html).toMatch(/<h1[^>]*>Simulador de ISV<\/h1>/);
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).toContain('+351 210 000 000');
    // The calculator is in the HTML with the link's inputs and its result (the browser hydrates the same).
    expect(html).toMatch(/id="cc"[^>]*value="1395"/);
    expect(html).toMatch(/id="preco"[^>]*value="15.000"/);
    expect(html).toMatch(/data-testid="isv-valor"[^>]*>€830,23</);
    expect(html).toContain(
      'href="/?vehicleChoice=brand_model&amp;year=2020&amp;budget=15000&amp;mileage=85000&amp;fuelType=gasolina#pedir-orcamento"',
    );
    // The server's date, so the declaration date (today without one in the link) renders the same in the browser.
    expect(pageData(html)).toMatchObject({
      today: '2026-03-01',
      currentYear: 2026,
      settings: { company: { name: 'Carros & Companhia' } },
    });
    const plain = (await get('/simulador-isv')).body;
    expect(plain).toMatch(/id="declaracao"[^>]*value="2026-03-01"/);
    expect(plain).toMatch(/data-testid="isv-valor"[^>]*>—</);
  });

  it('compresses pages for browsers that accept it', async () => {
    const plain = (await get('/faq')).body;
    const br = await get('/faq', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/faq', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('keeps settings text from breaking out of the data block', async () => {
    await setSetting('company.name', 'Evil</script><script>alert(1)</script>');
    try {
      const html = (await get('/')).body;
      expect(html).not.toContain('<script>alert(1)');
      expect(pageData(html).settings.company.name).toBe('Evil</script><script>alert(1)</script>');
    } finally {
      await setSetting('company.name', 'Carros & Companhia');
    }
  });

  it('takes every absolute link from PUBLIC_URL: a forged Host or X-Forwarded-Host appears nowhere', async () => {
    const urls = [
      '/',
      '/contacto',
      '/faq',
      '/simulador-isv',
      `/proposta/${ID}`,
      `/proposals/${ID}`,
      `/legacy/proposals/${ID}`,
      '/robots.txt',
      '/sitemap.xml',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(FORGED_HOST);
      expect(res.body, url).toContain(ORIGIN);
    }
  });
});
