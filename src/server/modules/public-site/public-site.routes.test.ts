import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ensureSettingDefaults } from '#server/modules/settings/settings.repository.ts';

// index.html as Vite writes it: the server puts the page into it.
const INDEX_HTML = `<!doctype html>
<html lang="pt-PT">
  <head>
    <meta charset="UTF-8" />
    <title>AutoImport</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const HOST = 'carros.example.pt';
/** PUBLIC_URL; every request below comes with a forged Host, which no link may use. */
const ORIGIN = `https://${HOST}`;
const FORGED_HOST = 'attacker.example.net';

describe('server-rendered public pages, robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'public-site-test-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webRoot, publicUrl: ORIGIN, clock: { now: () => new Date('2026-03-01T10:00:00Z') } });
    await ensureSettingDefaults(t.database.db);
    await setSetting('company.name', 'Carros & Companhia');
    await setSetting('manager.comercial.name', 'Miguel Costa');
    const [lead] = await t.database.db
      .insert(leads)
      .values({
        reference: 'L55001',
        firstName: 'Joana',
        lastName: 'Martins',
        email: 'joana@example.pt',
        phone: '+351 961 000 000',
        vehicleMake: 'BMW',
        vehicleModel: 'X1',
        emailSource: 'comercial',
      })
      .returning();
    await t.database.db.insert(proposals).values({
      publicId: ID,
      leadId: lead!.id,
      vehicleBrand: 'BMW',
      vehicleModel: 'X1',
      vehicleSubmodel: 'sDrive18d',
      vehicleMileage: 45000,
      vehicleFirstRegistration: '03/2020',
      vehicleFuelType: 'diesel',
      vehicleCountry: 'Alemanha',
      vehiclePrice: '24500.00',
      isvCost: '2980.12',
      ivaCost: '0',
      totalCost: '29820.12',
      imageUrls: ['/media/abcdef0123456789abcdef', '/media/0123456789abcdef0123'],
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const setSetting = (key: string, value: string) =>
    t.database.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, key));
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: FORGED_HOST, 'x-forwarded-host': FORGED_HOST, ...headers } });
  const meta = (html: string, attr: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  const pageData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)![1]!);

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
