import type { Page } from '@playwright/test';
import { E2E_USERS, api, expect, test } from '../fixtures.ts';
import { leadsApi, openAs, otherSession, uniqueTag } from '../lib/leads-api.ts';

const { admin, staff } = E2E_USERS;

interface Stats {
  totalLeads: number;
  activeImports: number;
  completedImports: number;
  revenue: number;
  trends: Record<
    'totalLeads' | 'activeImports' | 'completedImports' | 'revenue',
    { change: number | null; period: string }
  >;
  recentLeads: { id: number; firstName: string; lastName: string | null }[];
  recentActiveImports: unknown[];
}

const card = (page: Page, name: string) => page.getByRole('group', { name });
test.describe('dashboard', () => {
  test('Recent Leads lists the 3 newest and opens them; View All goes to the lists', async ({ page }) => {
    const tag = uniqueTag();
    await openAs(page, admin, '/admin');
    const leads = leadsApi(page);
    const created = [];
    for (const name of ['One', 'Two', 'Three'])
      created.push(await leads.create({ firstName: name, lastName: tag, vehicleMake: 'Peugeot', vehicleModel: '308' }));
    await page.reload();
    const recent = page.getByRole('list', { name: 'Recent leads' });
    const links = recent.getByRole('link');
    await expect(links).toHaveCount(3);
    await expect(links).toContainText([`Three ${tag}`, `Two ${tag}`, `One ${tag}`]);
    await expect(links.first()).toContainText('Peugeot 308');
    await expect(links.first()).toContainText('Requested');

    await links.nth(1).click();
    await expect(page).toHaveURL(`/admin/leads/${created[1]!.id}`);
    await page.goBack();
    await page.getByRole('link', { name: 'View All' }).first().click();
    await expect(page).toHaveURL('/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await page.goBack();

    // Active Imports: 'View All' to the imports list; the empty state when earlier specs made none.
    const importsCard = page.locator('[data-slot="card"]').filter({ hasText: 'Active Imports' }).last();
    if ((await api(page).get<Stats>('/api/dashboard/stats')).activeImports === 0)
      await expect(importsCard.getByText('No active imports')).toBeVisible();
    await importsCard.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL('/admin/imports');
  });

  test('live: a lead created by another user updates the Leads card and Recent Leads without a reload', async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    await openAs(page, admin, '/admin');
    // The period's Leads card (this month by default, ADR 067): a lead created now adds one.
    const total = card(page, 'Leads').getByTestId('stat-value');
    await expect(total).toHaveText(/^\d[\d,]*$/);
    const before = Number((await total.textContent())!.replace(/\D/g, ''));

    const office = await otherSession(browser, staff);
    try {
      await office.leads.create({ firstName: 'Live', lastName: tag });
    } finally {
      await office.close();
    }
    await expect(total).toHaveText((before + 1).toLocaleString('en-US'), { timeout: 5_000 });
    await expect(page.getByRole('list', { name: 'Recent leads' }).getByRole('link').first()).toContainText(
      `Live ${tag}`,
    );
  });
});

test.describe('dashboard on a phone', { tag: '@mobile' }, () => {
  test('cards fit the width; recent leads open on tap', async ({ page }, testInfo) => {
    await openAs(page, admin, '/admin');
    const lead = await leadsApi(page).create({ firstName: 'Tap', lastName: uniqueTag() });
    await page.reload();
    await expect(card(page, 'Revenue')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-dashboard-cards.png'), fullPage: true });
    await page.getByRole('list', { name: 'Recent leads' }).getByRole('link').first().tap();
    await expect(page).toHaveURL(`/admin/leads/${lead.id}`);
  });
});
