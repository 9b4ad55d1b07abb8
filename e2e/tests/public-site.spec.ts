import type { Page, Request } from '@playwright/test';
import { E2E_USERS, api, expect, expectToast, test } from '../fixtures.ts';
import { PUBLIC_SETTINGS } from '../public-data.ts';

// The public site in Portuguese: landing page, reduced routes, FAQ and the quote form.
const { admin } = E2E_USERS;
const M = {
  honeypot: 'Erro de validação. Tente novamente.',
  tooFast: 'Por favor, preencha o formulário com calma.',
  untouched: 'Por favor, preencha todos os campos obrigatórios.',
  invalid: 'Por favor, preencha todos os campos obrigatórios',
};

const form = (page: Page) => page.locator('#pedir-orcamento');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const errorOf = (page: Page, label: string) =>
  field(page, label).locator('xpath=following-sibling::p[@data-slot="field-error"][1]');
const submit = (page: Page) => form(page).getByRole('button', { name: /Enviar pedido|Enviando\.\.\./ });

/** React errors (a hydration mismatch among them) reach the console; a public page has none. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The newest notification the admin has: how staff see a new lead until the leads screen exists. */
async function newestLeadNotificationForAdmin(page: Page) {
  const context = await page.context().browser()!.newContext();
  try {
    const client = api(await context.newPage());
    await client.login(admin.username, admin.password);
    const list =
      await client.get<{ type: string; title: string; message: string; relatedType: string; relatedId: number }[]>(
        '/api/notifications',
      );
    return list.find((n) => n.type === 'new_lead');
  } finally {
    await context.close();
  }
}

test.describe('landing page', () => {
  test('shows the landing sections in order, with settings in the footer and no console errors', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveTitle(`Importação de automóveis chave na mão | ${PUBLIC_SETTINGS['company.name']}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /chave na mão/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Importação de automóveis/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText('O carro que procura, da Europa até à sua Garagem.');
    // 'Garagem' is a link to the back office that does not look like one.
    const garagem = h1.getByRole('link', { name: 'Garagem' });
    await expect(garagem).toHaveAttribute('href', '/admin');
    expect(await garagem.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    expect(await garagem.evaluate((a) => getComputedStyle(a).color)).toBe(
      await h1.evaluate((h) => getComputedStyle(h).color),
    );

    const headings = await page.locator('main h2').allTextContents();
    expect(headings).toEqual([
      '3-4 semanas',
      '5000 € de poupança',
      'Chave na mão',
      'Como funciona',
      'Peça o seu orçamento',
      'Porquê nós?',
      'Perguntas frequentes',
    ]);
    await expect(page.locator('main ol > li h3')).toHaveText([
      'Passo 1: Escolha do veículo',
      'Passo 2: Compra e transporte',
      'Passo 3: Legalização',
    ]);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: PUBLIC_SETTINGS['company.phone'] })).toHaveAttribute(
      'href',
      'tel:+351213456789',
    );
    await expect(footer.getByRole('link', { name: PUBLIC_SETTINGS['company.email'] })).toHaveAttribute(
      'href',
      `mailto:${PUBLIC_SETTINGS['company.email']}`,
    );
    await expect(page.getByRole('link', { name: 'Simular ISV' })).toHaveAttribute('href', '/simulador-isv');
    await expect(footer.getByRole('link', { name: 'Simulador de ISV' })).toHaveAttribute('href', '/simulador-isv');
    // Room in the header for the extension download button.
    await expect(page.locator('[data-slot="public-header-actions"]')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("'Pedir Orçamento' scrolls to the form", async ({ page }) => {
    await page.goto('/');
    await expect(form(page)).not.toBeInViewport();
    await page.locator('main').getByRole('link', { name: 'Pedir Orçamento' }).click();
    await expect(form(page)).toBeInViewport();
    await expect(page).toHaveURL('/#pedir-orcamento');
    await expect(field(page, 'Nome')).toBeInViewport();
  });

  test('FAQ: one answer open at a time; clicking the open question closes it', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveText([
      'Quanto tempo demora a importação?',
      'Como funciona o pedido de orçamento?',
      'Que documentos são necessários?',
      'Porque não importar por conta própria?',
    ]);
    const documents = faq.getByRole('button', { name: 'Que documentos são necessários?' });
    await documents.click();
    const answer = faq.getByRole('region', { name: 'Que documentos são necessários?' });
    await expect(answer).toContainText('Particular: cartão de cidadão e comprovativo de morada fiscal.');
    await expect(answer).toContainText('Empresa: cartão de cidadão dos sócios ou gerentes e certidão permanente.');
    await faq.getByRole('button', { name: 'Como funciona o pedido de orçamento?' }).click();
    await expect(answer).toBeHidden();
    await expect(faq.getByRole('link', { name: 'simulador de ISV' })).toHaveAttribute('href', '/simulador-isv');
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
    await faq.getByRole('button', { name: 'Como funciona o pedido de orçamento?' }).click();
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0);
  });
});

test.describe('reduced routes', () => {
  for (const path of ['/contacto', '/contactos', '/contacts', '/contact']) {
    test(`${path}: header, form and footer only`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.locator('header')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Peça o seu orçamento' })).toBeVisible();
      await expect(field(page, 'Nome')).toBeVisible();
      await expect(page.locator('footer')).toContainText(PUBLIC_SETTINGS['company.phone']);
      await expect(page.getByRole('link', { name: 'Garagem' })).toHaveCount(0);
      await expect(page.locator('#faq')).toHaveCount(0);
      await expect(page.getByText('Como funciona', { exact: true })).toHaveCount(0);
    });
  }

  test('/faq: the FAQ alone', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
    await expect(page.locator('#faq').getByRole('button')).toHaveCount(4);
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.locator('#pedir-orcamento')).toHaveCount(0);
  });

  test('an unknown path redirects to the full landing page', async ({ page }) => {
    for (const path of ['/nao-existe', '/carros/bmw', '/proposta']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'Garagem' }), path).toBeVisible();
      await expect(form(page)).toBeVisible();
    }
  });
});

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

const payloadOf = (request: Request) => request.postDataJSON() as Record<string, unknown>;

/** A person takes at least 3 s to fill the form: wait for whatever is left of that since the page loaded. */
async function waitPastMinimumFillTime(page: Page) {
  const elapsed = await page.evaluate(() => performance.now());
  if (elapsed < 3100) await page.waitForTimeout(3100 - elapsed);
}
