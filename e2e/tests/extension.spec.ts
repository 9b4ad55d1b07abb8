import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseListing } from '#shared/listings/parse-listing.ts';
import { computeProposalCosts } from '#shared/proposals/costs.ts';
import { proposalFromListing } from '#shared/proposals/draft.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';
import { unzipFiles } from '#scripts/lib/zip.ts';
import { api, E2E_USERS, expect, test } from '../fixtures.ts';
import { createLeadViaApi } from '../lib/lead-detail-api.ts';
import { fixtureHtml, launchWithExtension, refusedHtml, type ExtensionBrowser } from '../lib/extension-browser.ts';
import { LISTING_FIXTURE_PORT } from '../lib/listing-fixture.ts';

// The built extension (dist/extension from `npx vite build`) in Debian's Chromium, on saved
// marketplace pages served under their real addresses. The back office is the test server.
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 5188}`;
const SCREENSHOTS = process.env.EXTENSION_SCREENSHOTS;

/** Each marketplace and page format, at an address of its marketplace. */
const LISTINGS = [
  { name: 'as24-de-net-reduced', url: 'https://www.autoscout24.de/angebote/bmw-x5-xdrive30d-m-sport-1' },
  { name: 'as24-es-nedc', url: 'https://www.autoscout24.es/anuncios/seat-leon-2' },
  { name: 'as24-it-plugin', url: 'https://www.autoscout24.it/annunci/plugin-3' },
  { name: 'mobile-de-rsc-net', url: 'https://suchen.mobile.de/fahrzeuge/details.html?id=400000001' },
  { name: 'mobile-de-legacy', url: 'https://suchen.mobile.de/fahrzeuge/details.html?id=400000002' },
  { name: 'standvirtual-iva', url: 'https://www.standvirtual.com/carros/anuncio/ID-iva.html' },
  { name: 'standvirtual-electric', url: 'https://www.standvirtual.com/carros/anuncio/ID-electric.html' },
] as const;

/** '29 646,62 €' -> '29646.62' */
const amount = (text: string | null) => {
  const digits = (text ?? '').replace(/[^\d,-]/g, '');
  return digits ? Number(digits.replace(',', '.')).toFixed(2) : null;
};

const panel = (page: Page) => page.locator('#autoimport-panel-host');
const field = (page: Page, name: string) => panel(page).locator(`[data-field="${name}"]`);

/** What the proposal editor computes for this page today: the panel must show the same. */
function expected(name: string, url: string) {
  const outcome = parseListing(fixtureHtml(name), url);
  if (!outcome.ok) throw new Error(`${name} is not a listing`);
  const costs = computeProposalCosts(proposalFromListing(outcome.data, [], url), todayInLisbon());
  return { car: outcome.data, costs };
}

let browser: ExtensionBrowser;
let fixtures: ListingFixtureServer;

test.describe('the browser extension', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    fixtures = await startListingFixtureServer(LISTING_FIXTURE_PORT);
    browser = await launchWithExtension(BASE_URL);
  });
  test.afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  for (const listing of LISTINGS) {
    test(`shows the tax and landed cost on ${listing.name}`, async () => {
      const { car, costs } = expected(listing.name, listing.url);
      browser.serve(listing.url, fixtureHtml(listing.name));
      const page = await browser.context.newPage();
      await page.goto(listing.url);
      await expect(panel(page).getByTestId('panel-car')).toContainText(car.brand!);
      await expect(field(page, 'total')).not.toHaveText('—');
      expect(amount(await field(page, 'isv').textContent())).toBe(costs.isvCost);
      expect(amount(await field(page, 'total').textContent())).toBe(costs.totalCost);
      expect(amount(await field(page, 'transport').textContent())).toBe('2000.00');
      expect(amount(await field(page, 'registration').textContent())).toBe('340.00');
      if (costs.tax?.breakdown.ivaApplies) expect(amount(await field(page, 'iva').textContent())).toBe(costs.ivaCost);
      else await expect(field(page, 'iva')).toHaveCount(0);
      if (car.fuel !== 'electric') {
        expect(amount(await field(page, 'cylinder').textContent())).toBe(
          costs.tax!.breakdown.cylinderComponent.toFixed(2),
        );
        expect(amount(await field(page, 'environmental').textContent())).toBe(
          costs.tax!.breakdown.environmentalComponent.toFixed(2),
        );
      }
      if (car.plugin || car.hybrid) await expect(field(page, 'hybrid-rule')).toBeVisible();
      // The page is narrowed by the panel's width: nothing of it sits under the panel.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).marginRight)).toBe('340px');
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const at = Number(document.getElementById('autoimport-panel-host')!.dataset.figuresAt);
        return { afterLoad: Math.round(at - nav.loadEventEnd), afterStart: Math.round(at) };
      });
      test
        .info()
        .annotations.push({ type: 'panel-timing', description: JSON.stringify({ ...timing, page: listing.name }) });
      // The 300 ms target is bench/extension-panel.ts's; here only a gross regression fails (shared machine).
      expect(timing.afterLoad).toBeLessThan(1000);
      if (SCREENSHOTS && listing.name === 'as24-de-net-reduced')
        await page.screenshot({ path: path.join(SCREENSHOTS, 'panel-as24.png') });
      await page.close();
    });
  }

  test('updates the figures while CO2 is typed, and switches to English', async () => {
    const url = 'https://www.autoscout24.fr/offres/no-co2-4';
    browser.serve(url, fixtureHtml('as24-fr-no-co2'));
    const page = await browser.context.newPage();
    await page.goto(url);
    await expect(panel(page).getByTestId('panel-missing')).toContainText('Indique o CO2 para calcular o ISV.');
    await expect(field(page, 'isv')).toHaveText('—');
    const co2 = panel(page).locator('input[name="co2"]');
    await co2.fill('150');
    const outcome = parseListing(fixtureHtml('as24-fr-no-co2'), url);
    if (!outcome.ok) throw new Error('not a listing');
    const input = { ...proposalFromListing(outcome.data, [], url), vehicleCo2Emissions: 150 };
    const at150 = computeProposalCosts(input, todayInLisbon());
    await expect(field(page, 'isv')).not.toHaveText('—');
    expect(amount(await field(page, 'isv').textContent())).toBe(at150.isvCost);
    await co2.fill('190');
    const at190 = computeProposalCosts({ ...input, vehicleCo2Emissions: 190 }, todayInLisbon());
    await expect.poll(async () => amount(await field(page, 'isv').textContent())).toBe(at190.isvCost);
    expect(Number(at190.isvCost)).toBeGreaterThan(Number(at150.isvCost));
    // The field kept its focus and value while the figures changed.
    await expect(co2).toBeFocused();
    await panel(page).locator('[data-action="lang"]').click();
    await expect(panel(page).getByText('Total delivered in Portugal')).toBeVisible();
    await panel(page).locator('[data-action="lang"]').click();
    await expect(panel(page).getByText('Total entregue em Portugal')).toBeVisible();
    await page.close();
  });

  test('says so on a block page, and stays folded on a page that is not a listing', async () => {
    const blocked = 'https://www.autoscout24.de/angebote/blocked-5';
    browser.serve(blocked, fixtureHtml('block-datadome-as24'));
    const page = await browser.context.newPage();
    await page.goto(blocked);
    await expect(panel(page).getByTestId('panel-blocked')).toHaveText(
      'O marketplace mostrou uma verificação anti-robô em vez do anúncio. Resolva-a e o painel atualiza sozinho.',
    );
    const search = 'https://www.autoscout24.de/lst/bmw';
    browser.serve(search, refusedHtml('as24-de-search'));
    await page.goto(search);
    await expect(panel(page).locator('.tab')).toBeVisible();
    await panel(page).locator('.tab').click();
    await expect(panel(page).getByTestId('panel-not-listing')).toHaveText(
      'Esta é uma página de resultados de pesquisa com 20 carros: abra a página do próprio carro.',
    );
    await page.close();
  });

  test('follows client-side navigation to another listing', async () => {
    const first = 'https://www.autoscout24.de/angebote/first-6';
    browser.serve(first, fixtureHtml('as24-de-net-reduced'));
    const page = await browser.context.newPage();
    await page.goto(first);
    await expect(panel(page).getByTestId('panel-car')).toContainText('BMW X5');
    // The marketplace's app swaps the page for the next listing without a reload.
    const next = fixtureHtml('as24-nl-no-net');
    await page.evaluate((html) => {
      history.pushState({}, '', '/angebote/second-7');
      const doc = new DOMParser().parseFromString(html, 'text/html');
      document.body.replaceChildren(...[...doc.body.childNodes].map((n) => document.adoptNode(n)));
      for (const s of doc.head.querySelectorAll('script')) document.head.append(document.adoptNode(s));
    }, next);
    const { car, costs } = expected('as24-nl-no-net', 'https://www.autoscout24.de/angebote/second-7');
    await expect(panel(page).getByTestId('panel-car')).toContainText(`${car.brand} ${car.model}`);
    await expect.poll(async () => amount(await field(page, 'total').textContent())).toBe(costs.totalCost);
    await page.close();
  });

  test('sends the listing to the back office: the proposal lands on the chosen lead, with photos', async () => {
    const staff = await browser.context.newPage();
    await staff.goto('/');
    await api(staff).login(E2E_USERS.admin.username, E2E_USERS.admin.password);
    const lead = await createLeadViaApi(staff, { firstName: 'Extensão', lastName: 'Cliente' });
    const created = await api(staff).post<{ token: string; apiToken: { id: number } }>('/api/profile/tokens', {
      name: 'e2e extension',
    });
    await browser.worker.evaluate((s) => chrome.storage.local.set(s), {
      apiBase: BASE_URL,
      token: created.token,
      lang: 'pt',
      collapsed: false,
    });

    const url = 'https://www.autoscout24.de/angebote/send-8';
    browser.serve(url, fixtureHtml('as24-de-net-reduced', fixtures.origin));
    const page = await browser.context.newPage();
    await page.goto(url);
    await expect(panel(page).getByText('Transporte e legalização: valores do back office.')).toBeVisible();
    await panel(page).locator('[data-action="send"]').click();
    const section = panel(page).getByTestId('send-section');
    await section.getByRole('searchbox').fill(lead.reference);
    const option = section.getByRole('radio', { name: new RegExp(`#${lead.reference}`) });
    await expect(option).toHaveCount(1);
    await option.click();
    await expect(option).toHaveAttribute('aria-checked', 'true');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'panel-send.png') });
    const [editor] = await Promise.all([
      browser.context.waitForEvent('page'),
      section.locator('[data-action="submit-send"]').click(),
    ]);
    await expect(section.getByTestId('send-status')).toContainText(`Proposta criada no lead #${lead.reference}`);
    await editor.waitForURL(new RegExp(`/admin/leads/${lead.id}`));
    // Signed in (the same browser), the lead opens with the new proposal in the editor.
    await expect(editor.getByRole('dialog', { name: /Proposal$/ })).toBeVisible({ timeout: 15_000 });
    const proposals = await api(staff).get<{ vehicleBrand: string; imageUrls: string[]; sourceListing: string }[]>(
      `/api/leads/${lead.id}/proposals`,
    );
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ vehicleBrand: 'BMW', sourceListing: url });
    expect(proposals[0]!.imageUrls.length).toBeGreaterThan(0);
    for (const u of proposals[0]!.imageUrls) expect(u).toMatch(/^\/media\//);
    await editor.close();
    if (SCREENSHOTS) {
      // Edit Profile's access tokens, light then dark.
      await staff.goto('/admin');
      for (const theme of ['light', 'dark'] as const) {
        await staff.emulateMedia({ colorScheme: theme });
        await staff.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
        await staff.getByRole('button', { name: 'Edit Profile' }).click();
        await expect(staff.getByRole('list', { name: 'Access tokens' })).toContainText('e2e extension');
        await staff.screenshot({ path: path.join(SCREENSHOTS, `profile-tokens-${theme}.png`) });
        await staff.keyboard.press('Escape');
      }
    }

    // Revoked in Edit Profile: the next send is refused with a clear message.
    const revoked = await staff.request.delete(`/api/profile/tokens/${created.apiToken.id}`);
    expect(revoked.status()).toBe(200);
    await section.locator('[data-action="submit-send"]').click();
    await expect(section.getByTestId('send-status')).toHaveText(
      'O token de acesso não é válido ou foi revogado. Crie um novo em Edit Profile e guarde-o nas opções.',
    );
    expect(await api(staff).get<unknown[]>(`/api/leads/${lead.id}/proposals`)).toHaveLength(1);
    await browser.worker.evaluate(() => chrome.storage.local.set({ token: '' }));
    await page.close();
    await staff.close();
  });
});

test.describe('the extension options page', () => {
  test('shows what is saved, and checks the address before asking for any permission', async () => {
    const b = await launchWithExtension(BASE_URL);
    try {
      await b.worker.evaluate(() =>
        chrome.storage.local.set({ apiBase: 'https://garagem.example.pt', token: 'aik_x', lang: 'en' }),
      );
      const page = await b.context.newPage();
      await page.goto(`chrome-extension://${b.extensionId}/options.html`);
      await expect(page.getByLabel('Endereço do back office')).toHaveValue('https://garagem.example.pt');
      await expect(page.getByLabel('Token de acesso')).toHaveValue('aik_x');
      await expect(page.getByLabel('Idioma do painel')).toHaveValue('en');
      await page.getByLabel('Endereço do back office').fill('not an address');
      await page.getByRole('button', { name: 'Guardar e testar' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'O endereço do back office não é válido (ex.: https://garagem.example.pt).',
      );
      await page.getByRole('button', { name: 'Remover token' }).click();
      await expect(page.getByRole('status')).toHaveText('Token removido.');
      expect(await b.worker.evaluate(() => chrome.storage.local.get('token'))).toEqual({ token: '' });
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'options.png') });
    } finally {
      await b.close();
    }
  });
});

test('the header button downloads the built extension, versioned as the package', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('extension-button').click();
  await expect(page).toHaveURL(/\/extensao$/);
  await expect(page.getByRole('heading', { name: 'Extensão da calculadora de ISV' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('extension-download').click()]);
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  expect(download.suggestedFilename()).toBe(`autoimport-extensao-${version}.zip`);
  const files = unzipFiles(readFileSync((await download.path())!));
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
    version: string;
    manifest_version: number;
  };
  expect(manifest).toMatchObject({ version, manifest_version: 3 });
  for (const name of ['content.js', 'background.js', 'options.html', 'options.js']) expect(files.has(name)).toBe(true);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'install-page.png'), fullPage: true });
});
