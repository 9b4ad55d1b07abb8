// The dashboard's charts and the money-owed screen (issue 33, ADR 067), against the fixture month
// e2e/prepare-db.ts inserts (src/test/dashboard-fixture.ts: March 2025 with known totals) and
// against the same figures computed by the server's SQL. DASH_SCREENSHOTS=<dir> also saves the
// screens, desktop and phone, light and dark.
import type { Page } from '@playwright/test';
import { DASHBOARD_FIXTURE_TOTALS as T, FIXTURE_PERIOD, FIXTURE_TAG } from '#test/dashboard-fixture.ts';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import type { MoneyOwed } from '#shared/schemas/money-owed.ts';
import { E2E_USERS, api, expect as baseExpect, test } from '../fixtures.ts';
import { leadsApi, uniqueTag } from '../lib/leads-api.ts';

const { admin } = E2E_USERS;
const expect = baseExpect.configure({ timeout: 15_000 });
const MARCH = `period=custom&from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`;
const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

/** Signs in through the API and opens the path (the shared helper's 5 s wait is short on a loaded machine). */
async function openAs(page: Page, user: typeof admin, path: string) {
  await api(page).login(user.username, user.password);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** The rows of a chart's data table (opened with 'Show data'), cell texts. */
async function chartRows(page: Page, caption: string): Promise<string[][]> {
  const region = page.getByRole('region', { name: caption });
  await region.getByText('Show data').click();
  const table = region.getByRole('table', { name: caption });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}

test.describe('dashboard charts (issue 33)', () => {
  // Many charts and a full-page money list: give a loaded shared machine room.
  test.slow();
  test('every figure of the fixture month matches the known totals and the server’s SQL', async ({ page }) => {
    await openAs(page, admin, `/admin?${MARCH}`);
    const o = await api(page).get<DashboardOverview>(`/api/dashboard/overview?${MARCH}`);
    // The server's figures are the fixture's known totals...
    expect(o.cards.leads.value).toBe(T.leads);
    expect(o.cards.revenue.value).toBe(T.revenue);
    expect(o.cards.profit.value).toBe(T.profit);
    expect(o.funnel).toMatchObject(T.funnel);
    expect(o.firstReply).toEqual(T.firstReply);
    // ...and the page shows them.
    await expect(page.getByTestId('period-range')).toHaveText('Mar 1, 2025 – Mar 31, 2025 (31 days)');
    const card = (name: string) => page.getByRole('group', { name });
    await expect(card('Leads').getByTestId('stat-value')).toHaveText('8');
    await expect(card('Leads').getByTestId('stat-trend')).toHaveText('+700.0%');
    await expect(card('Leads')).toContainText('vs previous 31 days');
    await expect(card('Completed').getByTestId('stat-value')).toHaveText(String(T.completed));
    await expect(card('Revenue').getByTestId('stat-value')).toHaveText(nbsp('€5 500.50'));
    await expect(card('Revenue').getByTestId('stat-explain')).toHaveText(
      'Service prices of imports created in the period, canceled excluded.',
    );
    await expect(card('Profit').getByTestId('stat-value')).toHaveText(nbsp('€4 000.16'));

    const weeks = await chartRows(page, 'Leads per week by source');
    expect(weeks.map((r) => r[0])).toEqual(['Feb 24', 'Mar 3', 'Mar 10', 'Mar 17', 'Mar 24', 'Mar 31', 'Total']);
    expect(weeks.at(-1)!.at(-1)).toBe('8');
    const header = await page
      .getByRole('table', { name: 'Leads per week by source' })
      .locator('thead th')
      .allTextContents();
    const google = header.indexOf('Form · google');
    expect(weeks[1]![google]).toBe('2');
    expect(weeks.at(-1)![header.indexOf('Extension')]).toBe('1');
    expect(weeks.at(-1)![header.indexOf('Mailbox comercial')]).toBe('1');

    expect(await chartRows(page, 'Funnel')).toEqual([
      ['Requested', '8', '100.0%'],
      ['Quoted', '3', '37.5%'],
      ['Converted', '1', '12.5%'],
      ['Rejected', '3', ''],
      ['Lost: Found elsewhere', '1', ''],
      ['Lost: No answer', '1', ''],
      ['Lost: Price', '1', ''],
    ]);
    await expect(page.getByRole('region', { name: 'Funnel' })).toContainText('33.3%');
    await expect(page.getByTestId('reply-median')).toHaveText('4.0 h');
    await expect(page.getByTestId('reply-p90')).toHaveText('17.0 h');
    expect(await chartRows(page, 'Time to first reply')).toEqual([
      ['Median', '4.0 h'],
      ['90th percentile', '17.0 h'],
      ['Answered', '6'],
      ['Still waiting', '2'],
    ]);
    expect(await chartRows(page, 'Revenue and profit per month')).toEqual([
      ['Mar 2025', '2', nbsp('€5 500.50'), nbsp('€1 500.34'), nbsp('€4 000.16')],
      ['Total', '2', nbsp('€5 500.50'), nbsp('€1 500.34'), nbsp('€4 000.16')],
    ]);
    const stages = await chartRows(page, 'Imports by stage');
    const stage = (label: string) => stages.find((r) => r[0] === label)!;
    expect(stage('Confirmed')).toEqual(['Confirmed', '0', `${T.confirmedAverageDays.toFixed(1)} d`]);
    expect(stage('Delivered')).toEqual(['Delivered', '1', '—']);
    expect(stage('Canceled')).toEqual(['Canceled', '1', '—']);
    const inTransit = o.stages.find((s) => s.status === 'in_transit')!;
    expect(stage('In Transit')).toEqual(['In Transit', '1', `${inTransit.averageDays!.toFixed(1)} d`]);
    // Each chart has a text alternative.
    await expect(page.getByRole('img', { name: /^Funnel: 8 requested, 3 quoted \(37\.5%\)/ })).toBeVisible();
  });

  test('the period picker drives every figure; the address keeps it', async ({ page }) => {
    await openAs(page, admin, '/admin');
    await expect(page.getByTestId('period-range')).toContainText('(30 days)');
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2025-03-31');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('The end date is before the start date');
    await page.getByLabel('From', { exact: true }).fill(FIXTURE_PERIOD.from);
    await page.getByLabel('To', { exact: true }).fill(FIXTURE_PERIOD.to);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(`/admin?${MARCH}`);
    await expect(page.getByRole('group', { name: 'Revenue' }).getByTestId('stat-value')).toHaveText(nbsp('€5 500.50'));
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'This year' }).click();
    await expect(page).toHaveURL('/admin?period=this_year');
    const year = await api(page).get<DashboardOverview>('/api/dashboard/overview?period=this_year');
    await expect(page.getByRole('group', { name: 'Leads' }).getByTestId('stat-value')).toHaveText(
      year.cards.leads.value.toLocaleString('en-US'),
    );
  });

  test('money owed: totals match the API and the imports’ pages; reachable from the dashboard; CSV', async ({
    page,
  }) => {
    await openAs(page, admin, `/admin?${MARCH}`);
    const owed = await api(page).get<MoneyOwed>('/api/money/owed');
    const owedCard = page.getByRole('region', { name: 'Money owed' });
    await owedCard.getByRole('link', { name: /Invoiced, not paid/ }).click();
    await expect(page).toHaveURL('/admin/money#invoiced-unpaid');
    await expect(page.getByRole('heading', { level: 1, name: 'Money Owed' })).toBeVisible();
    const euros = (d: string) => {
      const [whole, cents] = d.split('.');
      return `€${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}.${cents}`;
    };
    await expect(page.getByTestId('invoiced-unpaid-total')).toHaveText(euros(owed.invoicedUnpaid.total));
    await expect(page.getByTestId('not-invoiced-total')).toHaveText(euros(owed.notInvoiced.total));
    await expect(page.getByTestId('suppliers-unpaid-total')).toHaveText(euros(owed.suppliersUnpaid.total));
    // The fixture's share: Ana's service is invoiced and unpaid; its amount is the one on her import's page.
    const section = page.getByRole('region', { name: 'Invoiced, not paid' });
    const row = section.getByRole('row').filter({ hasText: `Ana ${FIXTURE_TAG}` });
    await expect(row).toContainText(nbsp('€2 500.50'));
    await row.getByRole('link', { name: `Ana ${FIXTURE_TAG}` }).click();
    await expect(page.getByTestId('service-price')).toHaveText(nbsp('€2 500.50'));
    await page.goBack();
    const suppliers = page.getByRole('region', { name: 'Supplier costs not paid' });
    await expect(suppliers).toContainText(`Inspeções ${FIXTURE_TAG} €249.99`);
    await expect(suppliers).toContainText(nbsp(`Transportes ${FIXTURE_TAG} €1 000.10`));

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await (await page.request.get(href!)).text();
    expect(csv.startsWith('\uFEFFSection;Customer or supplier;Import ID')).toBe(true);
    expect(csv).toContain(`Invoiced, not paid;Ana ${FIXTURE_TAG};`);
    expect(csv).toContain(`;Total;;;;${owed.suppliersUnpaid.total.replace('.', ',')};`);
    // The sidebar leads here too.
    await page.getByRole('link', { name: 'Money Owed' }).first().click();
    await expect(page).toHaveURL('/admin/money');
  });

  test('rejecting a lead asks why; the reason shows on the lead and in the funnel', async ({ page }) => {
    await openAs(page, admin, '/admin');
    const lead = await leadsApi(page).create({ firstName: 'Lost', lastName: uniqueTag() });
    const before = await api(page).get<DashboardOverview>('/api/dashboard/overview?period=this_month');
    const carSold = (o: DashboardOverview) => o.funnel.lostReasons.find((r) => r.reason === 'car_sold')?.count ?? 0;
    await page.goto(`/admin/leads/${lead.id}`);
    await page.getByTestId('lead-status').click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why was this lead lost?' });
    await dialog.getByRole('button', { name: 'Reject lead' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose why the lead was lost');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('lead-status')).toHaveText('Requested');

    await page.getByTestId('lead-status').click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await dialog.getByLabel('Car sold').check();
    await dialog.getByLabel('Details (optional)').fill('Seller sold it the day before');
    await dialog.getByRole('button', { name: 'Reject lead' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('lead-status')).toHaveText('Rejected');
    await expect(page.getByTestId('lead-lost-reason')).toHaveText('Lost: Car sold: Seller sold it the day before');
    await expect(page.getByText('Reason: Car sold: Seller sold it the day before')).toBeVisible();
    const after = await api(page).get<DashboardOverview>('/api/dashboard/overview?period=this_month');
    expect(carSold(after)).toBe(carSold(before) + 1);
    await page.goto('/admin?period=this_month');
    expect((await chartRows(page, 'Funnel')).find((r) => r[0] === 'Lost: Car sold')).toEqual([
      'Lost: Car sold',
      String(carSold(after)),
      '',
    ]);
  });

  test('screenshots for review', async ({ page }) => {
    test.setTimeout(240_000);
    const dir = process.env.DASH_SCREENSHOTS;
    test.skip(!dir, 'DASH_SCREENSHOTS not set');
    await api(page).login(admin.username, admin.password);
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      for (const [w, h, size] of [
        [1280, 800, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.goto(`/admin?${MARCH}`);
        await page.getByText('Revenue and profit per month').first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${dir}/dashboard-${size}-${theme}.png`, fullPage: true });
        await page.goto('/admin/money');
        await page.getByTestId('suppliers-unpaid-total').waitFor({ timeout: 60_000 });
        await page.screenshot({ path: `${dir}/money-${size}-${theme}.png`, fullPage: true });
      }
    }
  });
});
