import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { PUBLIC_SETTINGS } from '../public-data.ts';

// The public ISV simulator: live result in the browser, shareable URL, quote link.
// A worked example: petrol, 1395 cm3, 135 g/km WLTP, first registered 2020-06-01, declared
// 2025-11-21 -> ISV €830,23.

const QUOTE_URL = '/?vehicleChoice=brand_model&year=2020&budget=15000&mileage=85000&fuelType=gasolina#pedir-orcamento';

const isv = (page: Page) => page.getByTestId('isv-valor');
const line = (page: Page, key: string) => page.locator(`[data-linha="${key}"]`);

async function fillWorkedExample(page: Page) {
  await page.goto('/simulador-isv');
  await expect(page.getByRole('heading', { level: 1, name: 'Simulador de ISV' })).toBeVisible();
  await expect(page).toHaveTitle(`Simulador de ISV para carros importados | ${PUBLIC_SETTINGS['company.name']}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /ISV e o IVA de um carro importado/,
  );
  await expect(isv(page)).toHaveText('—');

  await expect(page.getByRole('radio', { name: 'Gasolina' })).toBeChecked();
  await page.getByLabel('Cilindrada (cm³)').fill('1395');
  await page.getByLabel('Emissões de CO₂ (g/km)').fill('135');
  // WLTP shows as assumed until chosen; a click confirms it (check() would skip a checked box).
  await page.getByRole('radio', { name: 'WLTP' }).click();
  await page.getByLabel('Data da 1.ª matrícula').fill('2020-06-01');
  await page.getByLabel('Data da declaração aduaneira').fill('2025-11-21');
  // Live: the result is there without any button.
  await expect(isv(page)).toHaveText('€830,23');
  await page.getByLabel('Preço do carro (€)').fill('15.000');
  await page.getByLabel('Quilómetros').fill('85000');
}

async function expectWorkedExample(page: Page) {
  await expect(isv(page)).toHaveText('€830,23');
  await expect(line(page, 'cilindrada').locator('dd').first()).toHaveText('€1 631,07');
  await expect(line(page, 'ambiental').locator('dd').first()).toHaveText('€98,57');
  await expect(line(page, 'particulas').locator('dd').first()).toHaveText('€0,00');
  await expect(line(page, 'reducao')).toContainText('52%');
  await expect(line(page, 'reducao').locator('dd').first()).toHaveText('-€899,41');
  await expect(line(page, 'intermedia')).toContainText('100%');
  await expect(line(page, 'iva').locator('dd').first()).toHaveText('€0,00');
  await expect(line(page, 'total').locator('dd').first()).toHaveText('€830,23');
}

async function expectInputsRestored(page: Page) {
  await expect(page.getByLabel('Cilindrada (cm³)')).toHaveValue('1395');
  await expect(page.getByLabel('Emissões de CO₂ (g/km)')).toHaveValue('135');
  await expect(page.getByRole('radio', { name: 'WLTP' })).toBeChecked();
  await expect(page.getByLabel('Data da 1.ª matrícula')).toHaveValue('2020-06-01');
  await expect(page.getByLabel('Data da declaração aduaneira')).toHaveValue('2025-11-21');
  await expect(page.getByLabel('Preço do carro (€)')).toHaveValue('15.000');
  await expect(page.getByLabel('Quilómetros')).toHaveValue('85000');
}

async function shareReloadAndQuote(page: Page) {
  // The address holds the inputs as they are typed.
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({
      matricula: '2020-06-01',
      cc: '1395',
      co2: '135',
      ciclo: 'wltp',
      preco: '15.000',
      km: '85000',
      declaracao: '2025-11-21',
    });
  const shared = page.url();
  await page.reload();
  expect(page.url()).toBe(shared);
  await expectInputsRestored(page);
  await expectWorkedExample(page);

  await page.getByRole('link', { name: 'Pedir orçamento para este carro' }).click();
  await expect(page).toHaveURL(QUOTE_URL);
}

test.describe('ISV simulator', () => {
  test("is rendered on the server with a shared link's inputs and result, and hydrates without a CSP violation", async ({
    page,
  }) => {
    const shared = '/simulador-isv?matricula=2020-06-01&cc=1395&co2=135&ciclo=wltp&declaracao=2025-11-21';
    const html = await (await page.request.get(shared)).text();
    expect(html).toMatch(/data-testid="isv-valor"[^>]*>€830,23/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/simulador-isv" \/>/);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy|unsafe-eval/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(shared);
    await expect(isv(page)).toHaveText('€830,23');
    // Hydrated: typing recomputes and the address follows. (Typing before hydration has finished
    // is undone by it on a slow machine: retry until the page reacts.)
    await expect(async () => {
      await page.getByLabel('Emissões de CO₂ (g/km)').fill('');
      await expect(isv(page)).toHaveText('—', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.getByLabel('Emissões de CO₂ (g/km)').fill('135');
    await expect(isv(page)).toHaveText('€830,23');
    await expect.poll(() => new URL(page.url()).searchParams.get('co2')).toBe('135');
    expect(problems).toEqual([]);
  });

  test('computes live, agrees with the API, restores a shared link and carries the car to the quote form', async ({
    page,
  }) => {
    await fillWorkedExample(page);
    await expectWorkedExample(page);

    // The browser runs the same engine as POST /api/isv/simulate.
    const api = await page.request.post('/api/isv/simulate', {
      data: {
        fuel: 'petrol',
        engineCc: 1395,
        co2: 135,
        co2Cycle: 'wltp',
        firstRegistration: '2020-06-01',
        declarationDate: '2025-11-21',
        price: 15000,
        mileageKm: 85000,
      },
    });
    expect(await api.json()).toMatchObject({
      isv: 830.23,
      iva: 0,
      breakdown: { cylinderComponent: 1631.07, environmentalComponent: 98.57, ageReductionPercent: 52 },
    });

    // A wrong value names the field in Portuguese and the result waits for it.
    await page.getByLabel('Emissões de CO₂ (g/km)').fill('13,5');
    await expect(page.getByText('O CO₂ deve ser um número inteiro de g/km (ex.: 135).')).toBeVisible();
    await expect(page.getByLabel('Emissões de CO₂ (g/km)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('isv-pendente')).toHaveText('Corrija o CO₂ para ver o ISV.');
    await page.getByLabel('Emissões de CO₂ (g/km)').fill('135');

    await shareReloadAndQuote(page);
  });

  test(
    'on a phone: one column, a summary bar while the result is off screen, same link and quote',
    { tag: '@mobile' },
    async ({ page }) => {
      expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
      await fillWorkedExample(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.evaluate(() => window.scrollTo(0, 0));
      const bar = page.getByTestId('isv-resumo-movel');
      await expect(bar).toBeVisible();
      await expect(bar).toContainText('ISV estimado: €830,23');
      await bar.tap();
      await expect(page.locator('#resultado')).toBeInViewport();
      await expect(bar).toBeHidden();
      await expectWorkedExample(page);

      await shareReloadAndQuote(page);
    },
  );
});
