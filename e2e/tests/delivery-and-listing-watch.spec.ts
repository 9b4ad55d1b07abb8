// Issue 33, items 4 and 5 (ADR 068): the customer's tracking page shows the expected delivery, and
// a proposal whose quoted listing changed shows the listing watch's mark.
import { api, expect, test } from '../fixtures.ts';
import { createImportViaApi } from '../lib/imports-api.ts';
import { createLeadViaApi, signInViaApi } from '../lib/lead-detail-api.ts';
import { LISTING_FIXTURE_PORT } from '../lib/listing-fixture.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

let fixtures: ListingFixtureServer;
test.beforeAll(async () => {
  fixtures = await startListingFixtureServer(LISTING_FIXTURE_PORT);
});
test.afterAll(async () => fixtures?.close());

// The shared machine is slow: a cold screen and a marketplace read take a while.
test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => signInViaApi(page));

for (const theme of ['light', 'dark'] as const) {
  test(`@mobile the tracking page shows the expected delivery in Portuguese (${theme})`, async ({ page }) => {
    const imp = await createImportViaApi(page, { vehicleMake: 'Volvo', vehicleModel: 'XC60' });
    await api(page).put(`/api/imports/${imp.id}`, {
      status: 'in_transit',
      notifyCustomer: false,
      expectedDeliveryDate: '2027-01-15',
      expectedStageDates: { arrived: '2027-01-05', legalized: '2027-01-12' },
    });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto(`/acompanhar/${imp.publicId}`);
    // The first page of a cold server loads slowly on a shared machine.
    await expect(page.getByTestId('tracking-current')).toHaveText('Em trânsito', { timeout: 20_000 });
    const expected = page.getByTestId('tracking-expected');
    await expect(expected).toContainText('Entrega prevista');
    await expect(expected).toContainText('15 de janeiro de 2027');
    const stages = page.getByTestId('tracking-stages').getByRole('listitem');
    await expect(stages.filter({ hasText: 'Chegou a Portugal' })).toContainText('Prevista para 5 de janeiro de 2027');
    await expect(stages.filter({ hasText: 'Legalizada' })).toContainText('Prevista para 12 de janeiro de 2027');
    await expect(stages.filter({ hasText: 'Inspecionada' })).toContainText('Por concluir');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tracking-phone-${theme}.png`, fullPage: true });
  });
}

test('the import detail edits the expected dates and turns the customer e-mails off with one click', async ({
  page,
}) => {
  const imp = await createImportViaApi(page);
  await page.goto(`/admin/imports/${imp.id}`);
  const card = page.getByTestId('delivery-card');
  await expect(card.getByTestId('expected-delivery')).toContainText('Not set', { timeout: 20_000 });
  await card.getByRole('button', { name: 'Edit expected dates' }).click();
  await card.getByLabel('Expected delivery').fill('2027-02-20');
  await card.getByLabel('In Transit').fill('2027-02-01');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('expected-delivery')).toContainText('Feb 20, 2027');
  await expect(card).toContainText('Feb 1, 2027');
  const notify = card.getByRole('switch', { name: /E-mail the customer/ });
  await expect(notify).toBeChecked();
  await notify.click();
  await expect(notify).not.toBeChecked();
  const saved = await api(page).get<{ notifyCustomer: boolean; expectedDeliveryDate: string }>(
    `/api/imports/${imp.id}`,
  );
  expect(saved).toMatchObject({ notifyCustomer: false, expectedDeliveryDate: '2027-02-20' });
});

test('a sent proposal whose listing changed price and one whose listing is gone show the watch mark', async ({
  page,
}) => {
  const lead = await createLeadViaApi(page);
  const propose = async (sourceListing: string, vehiclePrice: string) => {
    const { proposal } = await api(page).post<{ proposal: { id: number } }>(`/api/leads/${lead.id}/proposals`, {
      vehicleBrand: 'Volkswagen',
      vehicleModel: 'Golf',
      vehicleMileage: '62310',
      vehicleFuelType: 'petrol',
      vehicleFirstRegistration: '06/2019',
      vehiclePrice,
      sourceListing,
      imageUrls: [],
    });
    await api(page).post(`/api/proposals/${proposal.id}/delivered`, { via: 'link' });
    return proposal;
  };
  // The fixture lists the Golf at € 18.950; it was quoted at € 19.500.
  await propose(fixtures.listingUrl('as24-nl-no-net'), '19500');
  await propose(fixtures.refusedUrl('as24-de-removed-status'), '17193');
  await page.goto(`/admin/leads/${lead.id}`);
  const items = page.getByTestId('proposal-item');
  await expect(items).toHaveCount(2, { timeout: 20_000 });
  for (const item of await items.all()) {
    await item.getByRole('button', { name: 'Check listing now' }).click();
    await expect(item.getByTestId('listing-watch-mark')).toBeVisible();
  }
  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/Lisbon' });
  await expect(page.getByTestId('listing-watch-mark').filter({ hasText: 'Price now' })).toHaveText(
    'Price now €18\u00a0950, was €19\u00a0500',
  );
  await expect(page.getByTestId('listing-watch-mark').filter({ hasText: 'Listing removed' })).toHaveText(
    `Listing removed on ${today}`,
  );
  // The lead's timeline carries the news too.
  await expect(page.getByText(`Listing removed on ${today}: the listing of Volkswagen Golf`)).toBeVisible();
  if (SHOTS) await page.getByTestId('proposals-card').screenshot({ path: `${SHOTS}/proposal-watch-mark.png` });
});
