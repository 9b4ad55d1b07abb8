import type { Page } from '@playwright/test';
import { E2E_USERS, api, expect, test } from '../fixtures.ts';
import { leadsApi, openAs, otherSession, uniqueTag } from '../lib/leads-api.ts';

const { admin, staff } = E2E_USERS;

interface Stats {
  totalLeads: number;
  activeImports: number;
  completedImports: number;
  revenue: number;
  trends: Record<'totalLeads' | 'activeImports' | 'completedImports' | 'revenue', { change: number; period: string }>;
  recentLeads: { id: number; firstName: string; lastName: string | null }[];
  recentActiveImports: unknown[];
}

const card = (page: Page, name: string) => page.getByRole('group', { name });
const trendText = (change: number) =>
  change === 0 ? '0%' : `${change > 0 ? '+' : '-'}${Math.abs(change).toFixed(1)}%`;

test.describe('dashboard', () => {
  test('the four cards show the figures, trends and period of GET /api/dashboard/stats (revenue in €K)', async ({
    page,
  }) => {
    await openAs(page, admin, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back, track your leads and imports')).toBeVisible();
    await expect(page.getByText('Recent Leads')).toBeVisible();
    const stats = await api(page).get<Stats>('/api/dashboard/stats');

    const cards: [string, string, keyof Stats['trends']][] = [
      ['Total Leads', stats.totalLeads.toLocaleString('en-US'), 'totalLeads'],
      ['Active Imports', String(stats.activeImports), 'activeImports'],
      ['Completed', String(stats.completedImports), 'completedImports'],
      ['Revenue', `€${(Math.round(stats.revenue / 100) / 10).toFixed(1)}K`, 'revenue'],
    ];
    for (const [name, value, trend] of cards) {
      await expect(card(page, name).getByTestId('stat-value')).toHaveText(value);
      await expect(card(page, name).getByTestId('stat-trend')).toHaveText(trendText(stats.trends[trend].change));
      await expect(card(page, name)).toContainText(stats.trends[trend].period);
      await expect(card(page, name)).toContainText('vs previous 30 days');
    }
    await expect(card(page, 'Revenue')).not.toContainText('$');
    // A trend up is green, down red, none neutral.
    const totalTrend = card(page, 'Total Leads').getByTestId('stat-trend');
    const direction = stats.trends.totalLeads.change > 0 ? 'up' : stats.trends.totalLeads.change < 0 ? 'down' : 'flat';
    await expect(totalTrend).toHaveAttribute('data-direction', direction);
  });

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

    // Active Imports: 'View All' to the imports list; no imports exist in this database yet.
    const importsCard = page.locator('[data-slot="card"]').filter({ hasText: 'Active Imports' }).last();
    await expect(importsCard.getByText('No active imports')).toBeVisible();
    await importsCard.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL('/admin/imports');
  });

  test('live: a lead created by another user updates Total Leads and Recent Leads without a reload', async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    await openAs(page, admin, '/admin');
    const total = card(page, 'Total Leads').getByTestId('stat-value');
    await expect(total).not.toBeEmpty();
    const before = (await api(page).get<Stats>('/api/dashboard/stats')).totalLeads;
    await expect(total).toHaveText(before.toLocaleString('en-US'));

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
