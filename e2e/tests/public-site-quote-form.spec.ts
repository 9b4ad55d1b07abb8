import type { Request } from '@playwright/test';
import { expect, expectToast, test } from '../fixtures.ts';
import {
  M,
  form,
  field,
  errorOf,
  submit,
  newestLeadNotificationForAdmin,
  payloadOf,
  waitPastMinimumFillTime,
} from '../lib/public-site-page.ts';

test.describe('quote form', () => {
  test('a listing link: sent with utm_source, success toast, form cleared, staff notified with the mapped make and model', async ({
    page,
  }) => {
    await page.goto('/?utm_source=e2e-google#pedir-orcamento');
    await expect(form(page)).toBeInViewport();
    await expect(page.getByRole('radio', { name: 'Um carro específico' })).toBeChecked();
    await field(page, 'Nome').fill('Beatriz Lopes Santos');
    await field(page, 'Email').fill('beatriz.santos@example.pt');
    await field(page, 'Telefone').fill('+351 934 000 111');
    await field(page, 'Link do anúncio').fill(
      'https://www.standvirtual.com/carros/anuncio/peugeot-3008-1-5-bluehdi-gt-line-ID8PqR2s.html',
    );
    await waitPastMinimumFillTime(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/contact-form')),
      submit(page).click(),
    ]);
    expect(payloadOf(request)).toMatchObject({
      name: 'Beatriz Lopes Santos',
      vehicleChoice: 'specific',
      vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-3008-1-5-bluehdi-gt-line-ID8PqR2s.html',
      honeypot: '',
      utmSource: 'e2e-google',
    });
    expect(payloadOf(request).formDuration).toBeGreaterThanOrEqual(3000);
    await expectToast(
      page,
      'Sucesso!',
      'Pedido enviado com sucesso! Entraremos em contacto consigo nas próximas 24 horas.',
    );
    await expect(field(page, 'Nome')).toHaveValue('');
    await expect(field(page, 'Link do anúncio')).toHaveValue('');

    const notification = await newestLeadNotificationForAdmin(page);
    expect(notification).toMatchObject({
      relatedType: 'lead',
      message:
        'Beatriz Lopes Santos asked for a quote for a Peugeot 3008 (listing on standvirtual.com) on the website.',
    });
    expect(notification!.title).toMatch(/^New lead L\d+$/);
  });

  test("brand and model: 'Enviando...' while sending, the toggle returns to 'specific' after success, staff notified", async ({
    page,
  }) => {
    await page.goto('/contacto');
    await page.getByText('Marca e modelo', { exact: true }).click();
    await field(page, 'Nome').fill('Carlos Mendes');
    await field(page, 'Email').fill('carlos.mendes@example.pt');
    await field(page, 'Telefone').fill('965 111 222');
    await field(page, 'Marca').fill('Kia');
    await field(page, 'Modelo').fill('Niro');
    await field(page, 'Valor (€)').fill('28.000');
    await field(page, 'Ano (a partir de)').fill('2021');
    await field(page, 'Máximo de kms').fill('60000');
    await field(page, 'Tipo de caixa').selectOption({ label: 'Automática' });
    await field(page, 'Tipo de combustível').selectOption({ label: 'Híbrido (gasolina)' });
    await expect(field(page, 'Ano (a partir de)')).toHaveAttribute('min', '1990');
    await expect(field(page, 'Ano (a partir de)')).toHaveAttribute('max', String(new Date().getFullYear()));
    await waitPastMinimumFillTime(page);
    // Hold the answer to see the busy button.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact-form', async (route) => {
      await held;
      await route.continue();
    });
    const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/contact-form'));
    await submit(page).click();
    await expect(submit(page)).toHaveText('Enviando...');
    await expect(submit(page)).toBeDisabled();
    const request = await requestPromise;
    expect(payloadOf(request)).toMatchObject({
      vehicleChoice: 'brand_model',
      brand: 'Kia',
      model: 'Niro',
      budget: '28.000',
      year: '2021',
      mileage: '60000',
      transmission: 'automatica',
      fuelType: 'hibrido_gasolina',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
    release();
    await expectToast(page, 'Sucesso!');
    await expect(submit(page)).toHaveText('Enviar pedido');
    await expect(submit(page)).toBeEnabled();
    await expect(page.getByRole('radio', { name: 'Um carro específico' })).toBeChecked();
    await expect(field(page, 'Nome')).toHaveValue('');
    const notification = await newestLeadNotificationForAdmin(page);
    expect(notification).toMatchObject({ message: 'Carlos Mendes asked for a quote for a Kia Niro on the website.' });
  });

  test('checks in order: honeypot, too fast, untouched, then each field', async ({ page }) => {
    // The page's clock stands still just after load and moves only when told: 'too fast' does not
    // depend on this machine's speed. Each submit lets 400 ms pass so the toast can appear.
    await page.clock.install();
    await page.goto('/contacto');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await expect(field(page, 'Nome')).toBeVisible();
    const posts: Request[] = [];
    page.on('request', (r) => r.url().endsWith('/api/contact-form') && posts.push(r));
    const send = async () => {
      await submit(page).click();
      await page.clock.runFor(400);
    };

    // 1. The honeypot (for bots: hidden from people) wins over everything, even a fill under 3 s.
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await send();
    await expectToast(page, 'Erro', M.honeypot);
    expect(await page.locator('[data-slot="toast"]').getAttribute('data-variant')).toBe('destructive');
    await page.locator('input[name="website"]').fill('', { force: true });

    // 2. Under 3 s since the page loaded.
    await send();
    await expectToast(page, 'Erro', M.tooFast);
    expect(await page.evaluate(() => performance.now())).toBeLessThan(3000);
    await page.clock.fastForward(3000);

    // 3. Nothing touched yet.
    await send();
    await expectToast(page, 'Erro', M.untouched);

    // 4-5. The schema, every message at once, plus the toast that follows any schema failure.
    await field(page, 'Email').fill('nao-e-um-email');
    await send();
    await expectToast(page, 'Erro', M.invalid);
    await expect(errorOf(page, 'Nome')).toHaveText('Nome é obrigatório');
    await expect(errorOf(page, 'Email')).toHaveText('Email inválido');
    await expect(errorOf(page, 'Telefone')).toHaveText('Telefone é obrigatório');
    await expect(errorOf(page, 'Link do anúncio')).toHaveText('Link do anúncio é obrigatório');
    await expect(field(page, 'Nome')).toBeFocused();
    // A field's message goes when it is edited; the others stay.
    await field(page, 'Nome').fill('D');
    await expect(errorOf(page, 'Nome')).toHaveCount(0);
    await expect(errorOf(page, 'Email')).toHaveText('Email inválido');

    // 6. brand_model: all of its fields are required.
    await page.getByText('Marca e modelo', { exact: true }).click();
    await send();
    await expectToast(page, 'Erro', M.invalid);
    for (const [label, message] of [
      ['Marca', 'Marca é obrigatório'],
      ['Modelo', 'Modelo é obrigatório'],
      ['Valor (€)', 'Valor é obrigatório'],
      ['Ano (a partir de)', 'Ano é obrigatório'],
      ['Máximo de kms', 'Máximo de kms é obrigatório'],
      ['Tipo de caixa', 'Tipo de caixa é obrigatório'],
      ['Tipo de combustível', 'Tipo de combustível é obrigatório'],
    ]) {
      await expect(errorOf(page, label!), label).toHaveText(message!);
    }
    await field(page, 'Tipo de caixa').selectOption('manual');
    await expect(errorOf(page, 'Tipo de caixa')).toHaveCount(0);
    await field(page, 'Ano (a partir de)').fill('1985');
    await send();
    await expect(errorOf(page, 'Ano (a partir de)')).toHaveText(
      `Ano deve estar entre 1990 e ${new Date().getFullYear()}`,
    );
    expect(posts).toHaveLength(0);
  });

  test('a failed request keeps the values and shows the server message in an error toast', async ({ page }) => {
    await page.goto('/contacto');
    await field(page, 'Nome').fill('Diana Rocha');
    await field(page, 'Email').fill('diana@example.pt');
    await field(page, 'Telefone').fill('911 222 333');
    await field(page, 'Link do anúncio').fill('https://suchen.mobile.de/fahrzeuge/details.html?id=461901295');
    await waitPastMinimumFillTime(page);
    await page.route('**/api/contact-form', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Serviço temporariamente indisponível.' }),
      }),
    );
    await submit(page).click();
    await expectToast(page, 'Erro', 'Serviço temporariamente indisponível.');
    await expect(field(page, 'Nome')).toHaveValue('Diana Rocha');
    await expect(field(page, 'Link do anúncio')).toHaveValue(
      'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295',
    );
    await page.route('**/api/contact-form', (route) => route.abort('internetdisconnected'));
    await submit(page).click();
    await expectToast(page, 'Erro', 'Erro interno. Tente novamente mais tarde.');
    await expect(field(page, 'Email')).toHaveValue('diana@example.pt');
  });

  test('the server blocks what a bot sends straight to it', async ({ page }) => {
    const res = await page.request.post('/api/contact-form', {
      data: {
        name: 'Bot',
        email: 'bot@example.com',
        phone: '123456789',
        vehicleChoice: 'specific',
        vehicleLink: 'https://x.pt/a',
        honeypot: 'yes',
        formDuration: 50,
      },
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe(M.honeypot);
    const fast = await page.request.post('/api/contact-form', {
      data: {
        name: 'Bot',
        email: 'bot@example.com',
        phone: '123456789',
        vehicleChoice: 'specific',
        vehicleLink: 'https://x.pt/a',
        honeypot: '',
        formDuration: 50,
      },
    });
    expect((await fast.json()).message).toBe(M.tooFast);
  });

  test('prefilled from the ISV simulator link', async ({ page }) => {
    await page.goto(
      '/?vehicleChoice=brand_model&brand=BMW&model=X5&year=2020&budget=15000&mileage=85000&fuelType=gasolina&transmission=manual#pedir-orcamento',
    );
    await expect(form(page)).toBeInViewport();
    await expect(page.getByRole('radio', { name: 'Marca e modelo' })).toBeChecked();
    await expect(field(page, 'Marca')).toHaveValue('BMW');
    await expect(field(page, 'Modelo')).toHaveValue('X5');
    await expect(field(page, 'Ano (a partir de)')).toHaveValue('2020');
    await expect(field(page, 'Valor (€)')).toHaveValue('15000');
    await expect(field(page, 'Máximo de kms')).toHaveValue('85000');
    await expect(field(page, 'Tipo de combustível')).toHaveValue('gasolina');
    await expect(field(page, 'Tipo de caixa')).toHaveValue('manual');
  });
});
