import { expect, test } from '../fixtures.ts';
import { PUBLIC_PROPOSALS } from '../public-data.ts';

// A declaration after the last published tax tables (docs/tax-rules.md, "The tax calendar").
test.describe('tax tables not yet published', () => {
  test('the simulator computes a 2027 declaration with 2026 tables and says so in Portuguese', async ({ page }) => {
    await page.goto('/simulador-isv?matricula=2020-06-01&cc=1395&co2=135&ciclo=wltp&declaracao=2027-03-01');
    await expect(page.getByTestId('isv-tabelas-pendentes')).toHaveText(
      'Tabelas de 2027 ainda não publicadas; valores calculados com as de 2026',
    );
    await expect(page.getByTestId('isv-valor')).not.toHaveText('—');
    await page.getByLabel('Data da declaração aduaneira').fill('2026-11-28');
    await expect(page.getByTestId('isv-tabelas-pendentes')).toHaveCount(0);
  });

  test('the public proposal page warns the customer in Portuguese, and in English on /proposals', async ({ page }) => {
    await page.goto(`/proposta/${PUBLIC_PROPOSALS.nextYear}`);
    await expect(page.locator('[data-slot="price-card"]').getByTestId('tables-pending')).toHaveText(
      'Tabelas de 2027 ainda não publicadas; valores calculados com as de 2026',
    );
    await page.goto(`/proposals/${PUBLIC_PROPOSALS.nextYear}`);
    await expect(page.locator('[data-slot="price-card"]').getByTestId('tables-pending')).toHaveText(
      "2027 tables not yet published; figures use 2026's",
    );
    await page.goto(`/proposta/${PUBLIC_PROPOSALS.full}`);
    await expect(page.locator('[data-slot="price-card"]')).toBeVisible();
    await expect(page.getByTestId('tables-pending')).toHaveCount(0);
  });
});
