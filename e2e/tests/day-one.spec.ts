import type { Page, TestInfo } from '@playwright/test';
import { createLeadViaApi, openLead, signInViaApi } from '../lib/lead-detail-api.ts';
import { E2E_USERS, expect, test } from '../fixtures.ts';
import { openAs } from '../lib/leads-api.ts';
import { PUBLIC_PROPOSALS } from '../public-data.ts';

// What a dealer hit on the first day, on a desktop and (the @mobile ones) on a 390 x 844 touch phone.
const { admin } = E2E_USERS;
const ISV_TIP = 'Valor indicativo: o ISV final pode variar consoante os documentos reais do veículo.';
/** What Check e-mails answers: not connected here, unless the mailbox browser test connected one meanwhile. */
const MAILBOX_ANSWER = /^(Gmail Not Connected|Email Check Complete|Please Wait)$/;
const WORKED_EXAMPLE = '/simulador-isv?cc=1395&co2=135&ciclo=wltp&matricula=2020-06-01&declaracao=2025-11-21';

/** Opens a proposal once hydrated: the page posts its view from a React effect. */
async function openProposal(page: Page) {
  const viewed = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/view'));
  await page.goto(`/proposta/${PUBLIC_PROPOSALS.full}`);
  await viewed;
}

/** The page in each theme, for a look at it (stored beside the test's results). */
async function shots(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage });
  }
}

/** Collects console warnings and errors that name React Router's HydrateFallback. */
function hydrateWarnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/HydrateFallback/.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** A lead whose detail answer carries an ad source (the quote form stores it; here the answer is patched). */
async function leadWithAdSource(page: Page) {
  await signInViaApi(page);
  const lead = await createLeadViaApi(page);
  await page.route(`**/api/leads/${lead.id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), utmSource: 'facebook-spring' } });
  });
  return lead;
}

test.describe('day one, desktop', () => {
  test('proposal info tip: hover shows it, leaving hides it, a click pins it until Escape', async ({ page }) => {
    await openProposal(page);
    const info = page.getByRole('button', { name: 'Mais informação sobre ISV' });
    await info.hover();
    await expect(page.getByRole('tooltip')).toHaveText(ISV_TIP);
    await page.mouse.move(5, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await info.click();
    await page.mouse.move(5, 400);
    await page.waitForTimeout(800);
    await expect(page.getByRole('tooltip')).toHaveText(ISV_TIP);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('money reads the same on the proposal page and the ISV simulator: the € first', async ({ page }) => {
    await openProposal(page);
    await expect(page.locator('[data-slot="price-card"]').getByTestId('total')).toContainText('€30\u00a0161');
    await page.goto(WORKED_EXAMPLE);
    await expect(page.getByTestId('isv-valor')).toHaveText('€830,23');
    await expect(page.locator('[data-linha="cilindrada"] dd').first()).toHaveText('€1\u00a0631,07');
    await expect(page.locator('main')).not.toContainText(/\d,\d\d\s?€/);
  });

  test('public header keeps its links inline from tablets up: no menu', async ({ page }) => {
    await page.goto('/simulador-isv');
    await expect(page.locator('[data-slot="public-menu"]')).toBeHidden();
    const nav = page.locator('header nav').first();
    await expect(nav.getByRole('link')).toHaveText(['Pedir orçamento', 'Perguntas frequentes']);
  });

  test('admin pages: no HydrateFallback warning; leads buttons named; ad source; band', async ({ page }, testInfo) => {
    const warnings = hydrateWarnings(page);
    const lead = await leadWithAdSource(page);
    await openAs(page, admin, '/admin/leads');
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveText('Mark all as read');
    await expect(page.getByRole('button', { name: 'Check e-mails' })).toBeEnabled();
    await shots(page, testInfo, 'desktop-leads');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await openLead(page, lead);
    await expect(page.getByTestId('lead-utm-source')).toHaveText('facebook-spring');
    await expect(page.getByText('Ad source (utm_source)')).toBeVisible();
    await shots(page, testInfo, 'desktop-lead-detail');
    expect(warnings).toEqual([]);
  });
});

test.describe('day one, phone', { tag: '@mobile' }, () => {
  test('proposal info tip: a tap opens it and it stays open; a tap outside closes it', async ({ page }, testInfo) => {
    await openProposal(page);
    const info = page.getByRole('button', { name: 'Mais informação sobre ISV' });
    await info.tap();
    await expect(page.getByRole('tooltip')).toHaveText(ISV_TIP);
    // It used to close again at once: it is still there a moment later.
    await page.waitForTimeout(1500);
    await expect(page.getByRole('tooltip')).toBeVisible();
    await shots(page, testInfo, 'phone-proposal-tip');
    await page.locator('h1').tap();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    // The service tip too, and a second tap on the (i) closes it.
    const service = page.getByRole('button', { name: 'Mais informação sobre Serviço de importação' });
    await service.tap();
    await expect(page.getByRole('tooltip')).toContainText('custos administrativos');
    await service.tap();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('public header: a Menu with the links, in Portuguese; a link navigates', async ({ page }, testInfo) => {
    await page.goto('/');
    const menu = page.locator('[data-slot="public-menu"]');
    await expect(menu.locator('summary')).toHaveText('Menu');
    await menu.locator('summary').tap();
    const links = menu.getByRole('link');
    await expect(links).toHaveText(['Como funciona', 'Simulador de ISV', 'Perguntas frequentes', 'Pedir orçamento']);
    await shots(page, testInfo, 'phone-landing-menu');
    await menu.getByRole('link', { name: 'Simulador de ISV' }).tap();
    await expect(page).toHaveURL(/\/simulador-isv$/);
    await page.locator('[data-slot="public-menu"] summary').tap();
    await expect(page.locator('[data-slot="public-menu"]').getByRole('link')).toHaveText([
      'Pedir orçamento',
      'Perguntas frequentes',
    ]);
    // A tap outside closes it, once the page has hydrated (the native menu opens before that).
    await expect(async () => {
      await page.touchscreen.tap(40, 300);
      await expect(page.locator('[data-slot="public-menu"] nav')).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  });

  test('simulator money on a phone: € first, like the proposal', async ({ page }, testInfo) => {
    await page.goto(WORKED_EXAMPLE);
    await expect(page.getByTestId('isv-valor')).toHaveText('€830,23');
    await shots(page, testInfo, 'phone-simulator');
  });

  test('leads list: header buttons show their names; a tap on Check e-mails answers', async ({ page }, testInfo) => {
    const warnings = hydrateWarnings(page);
    await openAs(page, admin, '/admin/leads');
    for (const name of ['Check e-mails', 'Import lead by reference', 'Mark all as read', 'Export CSV']) {
      const control = page.getByRole(name === 'Export CSV' ? 'link' : 'button', { name });
      await expect(control).toBeVisible();
      await expect(control).toHaveText(name);
    }
    await page.getByRole('button', { name: 'Check e-mails' }).tap();
    await expect(page.getByText(MAILBOX_ANSWER).first()).toBeVisible();
    await shots(page, testInfo, 'phone-leads');
    expect(warnings).toEqual([]);
  });

  test('lead detail on a phone: the ad source', async ({ page }, testInfo) => {
    const lead = await leadWithAdSource(page);
    await openLead(page, lead);
    await expect(page.getByTestId('lead-utm-source')).toHaveText('facebook-spring');
    await shots(page, testInfo, 'phone-lead-detail');
  });

  test('timeline: a long e-mail is cut in the list and can be read whole', async ({ page }, testInfo) => {
    await signInViaApi(page);
    const lead = await createLeadViaApi(page);
    const body = `${'Gostaria de saber mais sobre o carro e as condições de entrega. '.repeat(40)}FIM DA MENSAGEM`;
    await page.route(`**/api/leads/${lead.id}/timeline`, async (route) => {
      const res = await route.fetch();
      const base = {
        leadId: lead.id,
        metadata: null,
        createdBy: null,
        createdByName: null,
        editable: false,
        version: 1,
      };
      const list = [
        {
          ...base,
          id: 900_001,
          type: 'call',
          kind: 'call',
          label: 'Phone Call',
          title: 'Phone Call',
          description: 'Called back.',
          emailData: null,
          createdAt: new Date().toISOString(),
        },
        {
          ...base,
          id: 900_002,
          type: 'email',
          kind: 'email_received',
          label: 'Email Received',
          title: null,
          description: body,
          emailData: { from: 'marta@example.com', to: 'geral@autoimport.test', subject: 'Pedido', body },
          createdAt: new Date(Date.now() - 3_600_000).toISOString(),
        },
        ...((await res.json()) as unknown[]),
      ];
      await route.fulfill({ response: res, json: list });
    });
    await openLead(page, lead);
    const email = page.getByTestId('timeline-entry').nth(1);
    await expect(email).toHaveAttribute('data-expanded', 'false');
    await expect(email).not.toContainText('FIM DA MENSAGEM');
    await email.getByRole('button', { name: 'Read the whole e-mail' }).tap();
    await expect(email.getByTestId('email-body')).toContainText('FIM DA MENSAGEM');
    await expect(email.getByTestId('email-body')).toHaveText(body);
    await email.getByTestId('email-body').scrollIntoViewIfNeeded();
    await shots(page, testInfo, 'phone-timeline-email');
    await email.getByRole('button', { name: 'Show less' }).tap();
    await expect(email).toHaveAttribute('data-expanded', 'false');
  });
});
