import { expect, test } from '../fixtures.ts';
import { PUBLIC_SETTINGS } from '../public-data.ts';
import { form, field, watchConsole } from '../lib/public-site-page.ts';

// The public site in Portuguese: landing page, reduced routes, FAQ and the quote form.

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
