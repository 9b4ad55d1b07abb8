import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { FULL_PROPOSAL_PHOTO_SIZES, PUBLIC_PROPOSALS, PUBLIC_SETTINGS } from '../public-data.ts';

// The customer's proposal page: /proposta (Portuguese) and /proposals (English).
const { full, comercial, onePhoto, noPhotos } = PUBLIC_PROPOSALS;
const nb = (s: string) => s.replace(/ /g, '\u00a0');

const carousel = (page: Page) => page.locator('[data-slot="photo-carousel"]');
const gallery = (page: Page) => page.locator('[data-slot="photo-gallery"]');
const priceLine = (page: Page, testId: string) => page.locator('[data-slot="price-card"]').getByTestId(testId);

/**
 * Opens a proposal and waits until the page is hydrated: the page posts its view only from a React
 * effect, so that request means clicks now reach React (a click on the server's HTML before that
 * is lost on a loaded machine).
 */
async function openHydrated(page: Page, path: string) {
  const viewed = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/proposals\/public\/[^/]+\/view$/.test(r.url()),
  );
  await page.goto(path);
  await viewed;
}

/** The page as a browser gets it when the server sent no data: the proposal is loaded by the page itself. */
async function withoutServerData(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<div id="root">[\s\S]*<script type="application\/json" id="page-data">[\s\S]*?<\/script>/,
      '<div id="root"></div>',
    );
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: 200, headers, body });
  });
}

test.describe('proposal page', () => {
  test('Portuguese: client, vehicle, listing link, photos (a broken one hidden), prices, manager and no console errors but the broken photo', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/proposta/${full}`);
    await expect(page).toHaveTitle(`Proposta: BMW Série 3 320d Touring M Sport | ${PUBLIC_SETTINGS['company.name']}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BMW Série 3');

    const client = page.locator('[data-slot="client-info"]');
    await expect(client).toContainText('Joana Martins');
    await expect(client).toContainText('joana.martins@example.pt');
    await expect(client).toContainText('#L90001');

    const vehicle = page.locator('[data-slot="vehicle-info"]');
    for (const text of [
      'BMW',
      'Série 3',
      '320d Touring M Sport',
      '08/2021',
      nb('85 714 km'),
      nb('1 995 cm³'),
      'Gasóleo',
      '140 kW (190 cv)',
      '128 g/km',
      'Alemanha',
    ]) {
      await expect(vehicle).toContainText(text);
    }
    const listing = vehicle.getByRole('link', { name: /Ver Anúncio Original/ });
    await expect(listing).toHaveAttribute('href', 'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295');
    await expect(listing).toHaveAttribute('target', '_blank');

    // Five photos stored, one does not load: it is hidden and not counted.
    await expect(carousel(page).getByRole('heading')).toHaveText('Fotografias do Veículo (4)');
    await expect(carousel(page).locator('img')).toHaveCount(4);
    await expect(carousel(page).getByRole('button', { name: 'Fotografias seguintes' })).toBeVisible();
    await expect(carousel(page).getByRole('button', { name: 'Fotografias anteriores' })).toBeVisible();

    await expect(priceLine(page, 'price')).toHaveText(nb('Preço do veículoPreço anterior: €24 990€23 450'));
    await expect(priceLine(page, 'original-price')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(priceLine(page, 'price-without-vat')).toHaveText(nb('Preço sem IVA€19 706'));
    await expect(priceLine(page, 'isv')).toHaveText(nb('ISV€3 120'));
    await expect(priceLine(page, 'iva')).toHaveText(nb('IVA€1 251'));
    await expect(priceLine(page, 'taxes')).toHaveText(nb('ISV + IVA€4 371'));
    await expect(priceLine(page, 'service')).toHaveText(nb('Serviço de importação€2 340'));
    await expect(priceLine(page, 'total')).toHaveText(nb('Total€30 161'));
    // Info tips: the indicative ISV and what the service covers (hover on a desktop, tap: day-one.spec).
    await page.getByRole('button', { name: 'Mais informação sobre ISV' }).hover();
    await expect(page.getByRole('tooltip')).toContainText(
      'Valor indicativo: o ISV final pode variar consoante os documentos reais do veículo.',
    );
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.getByRole('button', { name: 'Mais informação sobre Serviço de importação' }).click();
    await expect(page.getByRole('tooltip')).toContainText('custos administrativos, alfandegários e de transporte');

    const manager = page.locator('[data-slot="manager-card"]');
    await expect(manager.getByRole('heading')).toHaveText('Gestor');
    await expect(manager.getByTestId('manager-name')).toHaveText(PUBLIC_SETTINGS['manager.geral.name']);
    await expect(page.locator('footer')).toContainText(PUBLIC_SETTINGS['company.email']);
    await expect(page.getByRole('link', { name: 'Ver esta proposta em inglês' })).toHaveAttribute(
      'href',
      `/proposals/${full}`,
    );
    expect(errors).toEqual([]);
  });

  test('English version, linking back to the Portuguese one', async ({ page }) => {
    await page.goto(`/proposals/${full}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(carousel(page).getByRole('heading')).toHaveText('Vehicle Photos (4)');
    await expect(page.getByRole('link', { name: /View Original Listing/ })).toBeVisible();
    await expect(page.locator('[data-slot="vehicle-info"]')).toContainText('Germany');
    await expect(priceLine(page, 'total')).toHaveText(nb('Total€30 161'));
    await expect(page.locator('[data-slot="manager-card"]').getByRole('heading')).toHaveText('Manager');
    await page.getByRole('link', { name: 'View this proposal in Portuguese' }).click();
    await expect(page).toHaveURL(`/proposta/${full}`);
    await expect(carousel(page).getByRole('heading')).toHaveText('Fotografias do Veículo (4)');
  });

  test('gallery: image n of total, natural size, wraparound, thumbnails, keyboard, Escape', async ({ page }) => {
    await openHydrated(page, `/proposta/${full}`);
    await carousel(page).getByRole('button', { name: 'Ver fotografia 1 em ecrã inteiro' }).click();
    const g = gallery(page);
    await expect(g).toBeVisible();
    const counter = g.getByTestId('gallery-counter');
    const size = g.getByTestId('gallery-size');
    await expect(counter).toHaveText('Imagem 1 de 4');
    await expect(size).toHaveText(`${FULL_PROPOSAL_PHOTO_SIZES[0][0]} × ${FULL_PROPOSAL_PHOTO_SIZES[0][1]} px`);
    await g.getByRole('button', { name: 'Fotografia seguinte' }).click();
    await expect(counter).toHaveText('Imagem 2 de 4');
    await expect(size).toHaveText('640 × 480 px');
    // The photo is shown at its natural size when it fits (never enlarged).
    await expect
      .poll(() => g.getByTestId('gallery-image').evaluate((img: HTMLImageElement) => [img.width, img.height]))
      .toEqual([640, 480]);
    await g.getByRole('button', { name: 'Fotografia anterior' }).click();
    await g.getByRole('button', { name: 'Fotografia anterior' }).click();
    await expect(counter).toHaveText('Imagem 4 de 4');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('Imagem 1 de 4');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('Imagem 4 de 4');
    const thumbs = g.getByTestId('gallery-thumbnails').getByRole('button');
    await expect(thumbs).toHaveCount(4);
    await thumbs.nth(2).click();
    await expect(counter).toHaveText('Imagem 3 de 4');
    await expect(size).toHaveText('1024 × 683 px');
    await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');
    await expect(g).toBeHidden();
  });

  test('English gallery says "Image n of total"', async ({ page }) => {
    await openHydrated(page, `/proposals/${full}`);
    await carousel(page).getByRole('button', { name: 'View photo 2 full screen' }).click();
    await expect(gallery(page).getByTestId('gallery-counter')).toHaveText('Image 2 of 4');
  });

  test('comercial lead: the comercial manager with call, SMS and WhatsApp; 2 photos, no arrows; no IVA, no struck or VAT-free price', async ({
    page,
  }) => {
    await page.goto(`/proposta/${comercial}`);
    await expect(carousel(page).getByRole('heading')).toHaveText('Fotografias do Veículo (2)');
    await expect(carousel(page).getByRole('button', { name: /Fotografias (seguintes|anteriores)/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Ver Anúncio Original/ })).toHaveCount(0);
    await expect(priceLine(page, 'original-price')).toHaveCount(0);
    await expect(priceLine(page, 'price-without-vat')).toHaveCount(0);
    await expect(priceLine(page, 'iva')).toHaveCount(0);
    // Without IVA, 'ISV + IVA' would only repeat the ISV: the ISV line stands alone.
    await expect(priceLine(page, 'isv')).toContainText(nb('€2 450'));
    await expect(priceLine(page, 'taxes')).toHaveCount(0);
    await expect(priceLine(page, 'total')).toHaveText(nb('Total€35 990'));
    await expect(page.locator('[data-slot="vehicle-info"]')).toContainText('Híbrido (gasolina)');

    const manager = page.locator('[data-slot="manager-card"]');
    await expect(manager.getByTestId('manager-name')).toHaveText(PUBLIC_SETTINGS['manager.comercial.name']);
    await manager.getByRole('button', { name: 'Contactar' }).click();
    const dialog = page.getByRole('dialog', { name: `Contactar ${PUBLIC_SETTINGS['manager.comercial.name']}` });
    await expect(dialog.getByRole('link', { name: /Ligar/ })).toHaveAttribute('href', 'tel:+351935555111');
    await expect(dialog.getByRole('link', { name: 'Enviar SMS' })).toHaveAttribute('href', 'sms:+351935555111');
    await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/351935555111');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('geral manager links', async ({ page }) => {
    await page.goto(`/proposta/${full}`);
    await page.locator('[data-slot="manager-card"]').getByRole('button', { name: 'Contactar' }).click();
    const dialog = page.getByRole('dialog', { name: `Contactar ${PUBLIC_SETTINGS['manager.geral.name']}` });
    await expect(dialog.getByRole('link', { name: /Ligar/ })).toHaveAttribute('href', 'tel:+351912345678');
    await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/351912345678');
  });

  test('no lead: no client info, the geral manager; one photo: no arrows, and no thumbnails in the gallery', async ({
    page,
  }) => {
    await page.goto(`/proposta/${onePhoto}`);
    await expect(page.locator('[data-slot="client-info"]')).toHaveCount(0);
    await expect(page.locator('[data-slot="manager-card"]').getByTestId('manager-name')).toHaveText(
      PUBLIC_SETTINGS['manager.geral.name'],
    );
    await expect(carousel(page).getByRole('heading')).toHaveText('Fotografias do Veículo (1)');
    await expect(carousel(page).getByRole('button', { name: /Fotografias (seguintes|anteriores)/ })).toHaveCount(0);
    await carousel(page).getByRole('button', { name: 'Ver fotografia 1 em ecrã inteiro' }).click();
    await expect(gallery(page).getByTestId('gallery-counter')).toHaveText('Imagem 1 de 1');
    await expect(gallery(page).getByTestId('gallery-size')).toHaveText('900 × 600 px');
    await expect(gallery(page).getByTestId('gallery-thumbnails')).toHaveCount(0);
    await expect(gallery(page).getByRole('button', { name: 'Fotografia seguinte' })).toHaveCount(0);
  });

  test('no photos: no carousel', async ({ page }) => {
    await page.goto(`/proposta/${noPhotos}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renault Clio');
    await expect(carousel(page)).toHaveCount(0);
    await expect(page.locator('[data-slot="client-info"]')).toContainText('#L90003');
    await expect(priceLine(page, 'iva')).toHaveCount(0);
  });

  test('loading state, then the proposal, when the page loads it itself', async ({ page }) => {
    await withoutServerData(page, `/proposta/${full}`);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/proposals/public/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/proposta/${full}`);
    await expect(page.getByText('A carregar proposta...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BMW Série 3');
    await expect(carousel(page).getByRole('heading')).toHaveText('Fotografias do Veículo (4)');
  });

  test('not found: an unknown proposal, and any failure to load one', async ({ page }) => {
    const response = await page.goto('/proposta/00000000-0000-4000-8000-000000000000');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proposta não encontrada');
    await expect(page.getByText('A proposta solicitada não existe ou não está disponível.')).toBeVisible();

    await withoutServerData(page, `/proposals/${full}`);
    await page.route('**/api/proposals/public/**', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto(`/proposals/${full}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proposal not found');
    await page.unroute('**/api/proposals/public/**');

    await withoutServerData(page, `/proposta/${comercial}`);
    await page.route('**/api/proposals/public/**', (route) => route.abort('failed'));
    await page.goto(`/proposta/${comercial}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proposta não encontrada');
  });

  test("the legacy route shows this site's proposal when no older site is set", async ({ page }) => {
    await page.goto(`/legacy/proposals/${full}`);
    await expect(page).toHaveURL(`/legacy/proposals/${full}`);
    await expect(carousel(page).getByRole('heading')).toHaveText('Fotografias do Veículo (4)');
  });

  test('share preview tags are in the HTML the server sends', async ({ page }) => {
    const html = await (await page.request.get(`/proposta/${full}`)).text();
    const origin = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin;
    expect(html).toContain(
      '<meta property="og:title" content="Proposta: BMW Série 3 320d Touring M Sport | AutoImport Lisboa" />',
    );
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f]{32}" \/>/);
    expect(html).toContain('Total chave na mão: €30 161');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(origin).toBeTruthy();
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /proposta/');
  });
});
