import { api, expect, test } from '../fixtures.ts';
import { createLeadViaApi, openLead, signInViaApi } from '../lib/lead-detail-api.ts';
import { LISTING_FIXTURE_PORT } from '../lib/listing-fixture.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';

// A listing in zloty (ADR 055, ADR 062): the rate from Settings, the euro price, ISV/IVA/total, stored.
let fixtures: ListingFixtureServer;
test.beforeAll(async () => {
  fixtures = await startListingFixtureServer(LISTING_FIXTURE_PORT);
});
test.afterAll(async () => fixtures?.close());

test('a PLN listing becomes a complete proposal with the rate shown, stored and on the customer page', async ({
  page,
}) => {
  await signInViaApi(page);
  await api(page).put('/api/exchange-rates', {
    rates: [{ currency: 'PLN', eurPerUnit: '0.2345', rateDate: '2026-11-20' }],
  });
  const lead = await createLeadViaApi(page);
  await openLead(page, lead);
  await page.getByRole('button', { name: 'Add proposal' }).click();
  const create = page.getByRole('dialog', { name: 'Create Proposal' });
  await create.getByLabel('Listing URL').fill(fixtures.listingUrl('otomoto'));
  await create.getByRole('button', { name: 'Extract vehicle data' }).click();

  const dialog = page.getByRole('dialog', { name: /Proposal$/ });
  await expect(dialog.getByTestId('listed-price')).toHaveText('89,900.00 PLN');
  await expect(dialog.getByLabel('Exchange rate (€ per PLN)')).toHaveValue('0.2345');
  await expect(dialog.getByTestId('euro-price')).toContainText(/21.081\.55/);
  await expect(dialog.getByTestId('listing-facts')).toContainText('Manual');
  // otomoto gives no CO2 nor month: staff complete them, and the taxes follow.
  await dialog.getByLabel('CO2 emissions').fill('120');
  await dialog.getByLabel('First registration').fill('05/2021');
  await dialog.getByRole('tab', { name: 'Import Costs' }).click();
  await expect(dialog.getByTestId('cost-isv')).toContainText('€');
  await expect(dialog.getByTestId('cost-total')).toContainText('€');
  await dialog.getByRole('button', { name: /^(Create|Save)/ }).click();
  await expect(dialog).toBeHidden();

  const [saved] = await api(page).get<Record<string, string>[]>(`/api/leads/${lead.id}/proposals`);
  expect(saved!).toMatchObject({
    listedPrice: '89900.00',
    listedCurrency: 'PLN',
    exchangeRate: '0.234500',
    exchangeRateDate: '2026-11-20',
    vehiclePrice: '21081.55',
    vehicleGearbox: 'manual',
  });
  expect(Number(saved!.isvCost)).toBeGreaterThan(0);
  expect(saved!.totalCost).not.toBeNull();

  await page.goto(`/proposta/${saved!.publicId}`);
  await expect(page.getByTestId('price')).toContainText('€21\u00a0082');
  await expect(page.getByTestId('listed-price')).toContainText('89\u00a0900\u00a0PLN');
  await expect(page.getByTestId('exchange-note')).toHaveText(
    'Preço do veículo convertido em euros ao câmbio de 1 PLN = 0,2345 € (taxa de 20/11/2026).',
  );
});
