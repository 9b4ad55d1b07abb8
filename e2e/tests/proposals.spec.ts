import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { api, expect, expectToast, test } from '../fixtures.ts';
import { createLeadViaApi, openLead, signInViaApi } from '../lib/lead-detail-api.ts';
import { LISTING_FIXTURE_PORT } from '../lib/listing-fixture.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';

// The server runs with LISTING_FETCH_TEST_ORIGIN set to this fixture server (playwright.config.ts):
// a stand-in marketplace serving hand-authored listing pages and their photos on loopback.
let fixtures: ListingFixtureServer;
test.beforeAll(async () => {
  fixtures = await startListingFixtureServer(LISTING_FIXTURE_PORT);
});
test.afterAll(async () => fixtures?.close());

const editor = (page: Page) => page.getByRole('dialog', { name: /Proposal$/ });
/** '€2 806.62' as the editor shows it -> 2806.62 */
const euros = (text: string | null) => Number((text ?? '').replace(/[€\s\u00a0]/g, ''));
/** The customer's page shows whole euros, with a no-break space between thousands. */
const whole = (n: number) => `€${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`;

async function extract(page: Page, url: string) {
  await page.getByRole('button', { name: 'Add proposal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Proposal' });
  await dialog.getByLabel('Listing URL').fill(url);
  await dialog.getByRole('button', { name: 'Extract vehicle data' }).click();
  return dialog;
}

test.describe('proposals', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page));

  test('from a listing URL: extract, edit with live tax, reorder photos, save, and the customer page shows the same numbers', async ({
    page,
    browser,
  }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await extract(page, fixtures.listingUrl('as24-de-net-reduced', 'thumb=1'));
    await expectToast(page, 'Success', 'Vehicle data extracted');

    const dialog = editor(page);
    await expect(dialog.getByRole('heading', { name: 'New Proposal' })).toBeVisible();
    await expect(dialog.getByLabel('Brand')).toHaveValue('BMW');
    await expect(dialog.getByLabel('Model')).toHaveValue('X5');
    await expect(dialog.getByLabel('Engine size')).toHaveValue('2993');
    await expect(dialog.getByLabel('CO2 emissions')).toHaveValue('180');
    await expect(dialog.getByLabel('First registration')).toHaveValue('03/2023');
    await expect(dialog.getByLabel('Price', { exact: true })).toHaveValue('65455.00');
    await expect(dialog.getByLabel('Country')).toHaveValue('Alemanha');

    // Live recompute: the totals follow the keystrokes.
    const total = dialog.getByTestId('editor-summary');
    await expect(total).toContainText(/Total €\d/);
    const before = await total.textContent();
    await dialog.getByLabel('Price', { exact: true }).fill('60000');
    await expect(total).not.toHaveText(before!);

    await dialog.getByRole('tab', { name: 'Import Costs' }).click();
    await expect(dialog.getByLabel('CO2 measured under WLTP')).toBeChecked();
    await expect(dialog.getByTestId('cost-breakdown')).toContainText('Cylinder component');
    // The age reduction names the table's band, not a rounded age ('(4 yr)').
    await expect(dialog.getByTestId('cost-breakdown')).toContainText(
      /Age reduction \((up to 1 year|more than \d+ up to \d+ years|more than 10 years)\)/,
    );
    await expect(dialog.getByTestId('cost-breakdown')).not.toContainText(/\d+ yr\)/);
    await dialog.getByLabel('Transport').fill('2500');
    const isv = euros(await dialog.getByTestId('cost-isv').textContent());
    const iva = euros(await dialog.getByTestId('cost-iva').textContent());
    const editorTotal = euros(await dialog.getByTestId('cost-total').textContent());
    expect(isv).toBeGreaterThan(0);
    expect(editorTotal).toBeCloseTo(60000 + isv + iva + 2500 + 340, 2);

    // Photos: the thumbnail under 200 px starts deselected; the third is moved to the front.
    const imagesTab = dialog.getByRole('tab', { name: /^Images \(\d+\)$/ });
    await imagesTab.click();
    const tiles = dialog.getByTestId('photo-tile');
    await expect(tiles).toHaveCount(3);
    await expect(tiles.nth(1)).toHaveAttribute('data-url', /thumb-7777/);
    await expect(tiles.nth(1)).toHaveAttribute('data-selected', 'false');
    await expect(imagesTab).toHaveText('Images (2)');
    const third = await tiles.nth(2).getAttribute('data-url');
    await dialog.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await dialog.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect(tiles.first()).toHaveAttribute('data-url', third!);

    await dialog.getByRole('button', { name: 'Create proposal' }).click();
    await expectToast(page, 'Success', 'Proposal created');
    await expect(dialog).toHaveCount(0);
    const item = page.getByTestId('proposal-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('proposal-total')).toContainText('€');
    await expect(item.getByTestId('proposal-views')).toHaveText('Not viewed by the customer yet');

    // Saved photos are the product's own copies, in the chosen order.
    const [saved] = await api(page).get<
      Array<{
        publicId: string;
        imageUrls: string[];
        isvCost: string;
        ivaCost: string;
        totalCost: string;
        vehiclePrice: string;
      }>
    >(`/api/leads/${lead.id}/proposals`);
    expect(saved!.imageUrls).toHaveLength(2);
    for (const u of saved!.imageUrls) expect(u).toMatch(/^\/media\/[0-9a-f]{32}$/);
    expect(Number(saved!.isvCost)).toBeCloseTo(isv, 2);
    expect(Number(saved!.totalCost)).toBeCloseTo(editorTotal, 2);

    // Staff opening the page (signed in) is not a view.
    const [staffTab] = await Promise.all([
      page.waitForEvent('popup'),
      item.getByRole('link', { name: 'Open' }).click(),
    ]);
    await expect(staffTab.getByTestId('total')).toContainText(whole(editorTotal));
    await staffTab.close();

    // The customer: a browser without the staff session.
    const customer = await browser.newContext({ locale: 'pt-PT', serviceWorkers: 'block' });
    const pageC = await customer.newPage();
    const viewed = pageC.waitForResponse((r) => r.url().endsWith(`/api/proposals/public/${saved!.publicId}/view`));
    await pageC.goto(`/proposta/${saved!.publicId}`);
    // (A keepalive request: its answer's body is not readable here; the count below proves it.)
    expect((await viewed).status()).toBe(200);
    await expect(pageC.getByTestId('price')).toContainText(whole(60000));
    await expect(pageC.getByTestId('isv')).toContainText(whole(isv));
    await expect(pageC.getByTestId('service')).toContainText(whole(2840));
    await expect(pageC.getByTestId('total')).toContainText(whole(editorTotal));
    const photos = await pageC
      .locator('img[src^="/media/"]')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(photos[0]).toBe(saved!.imageUrls[0]);
    await customer.close();

    // Back on the lead: the view count, and the timeline entry of the first view.
    await page.reload();
    await expect(page.getByTestId('proposal-views')).toHaveText(/^Viewed 1 time, last /);
    await expect(page.getByText('Proposal Viewed').first()).toBeVisible();
  });

  test('edit, copy link and delete', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const lead = await createLeadViaApi(page);
    await api(page).post(`/api/leads/${lead.id}/proposals`, {
      vehicleBrand: 'Audi',
      vehicleModel: 'A4',
      vehicleFuelType: 'petrol',
      vehicleEngineSize: 1984,
      vehicleCo2Emissions: 140,
      vehicleFirstRegistration: '06/2020',
      vehicleMileage: 60000,
      vehiclePrice: '28000',
      wltpValue: true,
      hybridValue: false,
      pluginValue: false,
      transportCost: '2000',
      registrationFee: '340',
      registrationCountry: 'eu',
      dieselParticlesBelowLimit: false,
      euro6eBis: false,
      imageUrls: [],
    });
    await openLead(page, lead);
    const item = page.getByTestId('proposal-item');
    await item.getByRole('button', { name: 'Edit' }).click();
    const dialog = editor(page);
    await expect(dialog.getByRole('heading', { name: 'Edit Proposal' })).toBeVisible();
    await dialog.getByLabel('Model').fill('A4 Avant');
    await dialog.getByLabel('First registration').fill('13/2020');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('First registration must be written MM/YYYY')).toBeVisible();
    await dialog.getByLabel('First registration').fill('06/2020');
    // Staff upload a photo of their own (a 2400x1600 PNG made here); it is stored resized.
    await dialog.getByRole('tab', { name: 'Images (0)' }).click();
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await dialog
      .getByTestId('photo-upload-input')
      .setInputFiles({ name: 'garage.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByRole('tab', { name: 'Images (1)' })).toBeVisible();
    await expect(dialog.getByTestId('photo-tile')).toContainText('1920×1280');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Success', 'Proposal updated');
    await expect(item).toContainText('Audi A4 Avant');
    await expect(item).toContainText('1 photo ·');

    await item.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(page, 'Success', 'Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/proposta\/[0-9a-f-]{36}$/);

    await item.getByRole('button', { name: 'Delete proposal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Proposal deleted');
    await expect(page.getByText('No proposals yet')).toBeVisible();
    expect((await page.request.get(copied.replace(/^.*\/proposta\//, '/api/proposals/public/'))).status()).toBe(404);
  });

  test('a refused automatic read offers the paste-the-page fallback, which runs the same parsers', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    const dialog = await extract(page, `${fixtures.origin}/blocked`);
    // Named as a bot wall, in English and Portuguese (issue 29).
    await expect(dialog.getByTestId('listing-blocked')).toContainText(
      'The marketplace answered with a bot check (Akamai) instead of the listing',
    );
    await expect(dialog.getByTestId('listing-blocked')).toContainText('verificação anti-robô (Akamai)');
    const html = await (await fetch(fixtures.listingUrl('mobile-de-rsc-net'))).text();
    await dialog.getByLabel('Page source').fill(html);
    await dialog.getByRole('button', { name: 'Read pasted page' }).click();
    await expectToast(page, 'Success', 'Vehicle data extracted');
    await expect(editor(page).getByLabel('Brand')).not.toHaveValue('');
  });

  test('a bad URL is refused in the dialog with a clear message', async ({ page }) => {
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    const dialog = await extract(page, 'not a url');
    await expect(dialog.getByText('Enter a valid URL')).toBeVisible();
    await dialog.getByLabel('Listing URL').fill('https://mobile.de.evil.example/fahrzeuge/details.html?id=1');
    await dialog.getByRole('button', { name: 'Extract vehicle data' }).click();
    await expect(
      dialog.getByText(
        'Only mobile.de, AutoScout24 and Standvirtual listings can be read automatically. For another site, paste the page source.',
      ),
    ).toBeVisible();
  });
});
