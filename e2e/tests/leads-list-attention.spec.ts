import type { Locator } from '@playwright/test';
import { E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { hoursAgo, leadsApi, openAs, otherSession, uniqueTag, type CreatedLead } from '../lib/leads-api.ts';
import { leadsPage, searchFor } from '../lib/leads-list-page.ts';

const { admin, staff } = E2E_USERS;

test.describe('leads list', () => {
  test('lateness colours and labels follow the browser clock', async ({ page }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const requested = await leads.create({ firstName: 'Fast', lastName: tag });
    const quoted = await leads.create({ firstName: 'Slow', lastName: tag, status: 'quoted' });
    const quotedEarlier = await leads.create({
      firstName: 'SlowEarlier',
      lastName: tag,
      status: 'quoted',
      lastContactAt: hoursAgo(25),
    });
    const rejected = await leads.create({ firstName: 'Closed', lastName: tag, status: 'rejected' });
    // 50 hours on: requested (12/24/48 h) is at level 3; quoted (48/72/120 h) at 1; quoted 75 h ago at 2.
    await page.clock.setFixedTime(new Date(Date.now() + 50 * 3_600_000));
    await page.reload();
    const ui = leadsPage(page);
    await ui.statusFilter.click();
    await page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Rejected' }).check();
    await page.keyboard.press('Escape');
    await searchFor(page, tag, 4);

    const hue = async (icon: Locator) => {
      const colour = await icon.locator('svg').evaluate((el) => getComputedStyle(el).color);
      const m = /oklch\(([\d.]+) ([\d.]+) ([\d.]+)/.exec(colour);
      expect(m, `an oklch colour, got ${colour}`).not.toBeNull();
      return Number(m![3]);
    };
    const red = ui.row(requested).getByRole('img', { name: 'Urgent attention required' });
    const yellow = ui.row(quoted).getByRole('img', { name: 'Needs attention soon' });
    const orange = ui.row(quotedEarlier).getByRole('img', { name: 'Needs attention' });
    await expect(red).toHaveAttribute('data-attention', 'late-3');
    await expect(yellow).toHaveAttribute('data-attention', 'late-1');
    await expect(orange).toHaveAttribute('data-attention', 'late-2');
    // Tailwind's palette: yellow ~86°, orange ~48°, red ~27° of hue.
    expect(await hue(yellow)).toBeGreaterThan(75);
    expect(await hue(orange)).toBeGreaterThan(40);
    expect(await hue(orange)).toBeLessThan(60);
    expect(await hue(red)).toBeLessThan(35);
    await expect(ui.row(rejected).getByRole('img')).toHaveCount(0);

    await red.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Urgent attention required');

    // At the real time none of them is late.
    await page.clock.setFixedTime(new Date());
    await page.reload();
    await expect(ui.rows).toHaveCount(4);
    await expect(ui.table.locator('[data-attention^="late"]')).toHaveCount(0);
  });

  test("a new lead shows the blue dot until this user opens it; 'Mark all as read' clears the rest", async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    await openAs(page, admin, '/admin/leads');
    const office = await otherSession(browser, staff);
    let first: CreatedLead, second: CreatedLead;
    try {
      first = await office.leads.create({ firstName: 'Dot', lastName: tag });
      second = await office.leads.create({ firstName: 'Dot2', lastName: tag });
    } finally {
      await office.close();
    }
    const ui = leadsPage(page);
    await searchFor(page, tag, 2);
    const dot = ui.row(first).getByRole('img', { name: 'New lead' });
    await expect(dot).toHaveAttribute('data-attention', 'new');
    await expect(ui.row(second).getByRole('img', { name: 'New lead' })).toBeVisible();
    await dot.hover();
    await expect(page.getByRole('tooltip')).toHaveText('New lead');

    await ui.row(first).click();
    await expect(page).toHaveURL(`/admin/leads/${first.id}`);
    await expect.poll(async () => (await leadsApi(page).get(first.id)).seen).toBe(true);
    await page.goBack();
    await expect(ui.rows).toHaveCount(2);
    await expect(ui.row(first).getByRole('img', { name: 'New lead' })).toHaveCount(0);
    await expect(ui.row(second).getByRole('img', { name: 'New lead' })).toBeVisible();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expectToast(page, 'All Leads Marked as Read');
    await expect(page.locator('[data-slot="toast-description"]')).toHaveText(/^Marked [1-9]\d* leads as read$/);
    await expect(ui.row(second).getByRole('img', { name: 'New lead' })).toHaveCount(0);
    // Nothing is left unseen: a second click reports 0.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expectToast(page, 'All Leads Marked as Read', 'Marked 0 leads as read');
  });

  test('live: a lead created by another user appears without a reload', async ({ page, browser }) => {
    const tag = uniqueTag();
    await openAs(page, admin, '/admin/leads');
    const ui = leadsPage(page);
    await ui.search.fill(tag);
    await expect(page.getByText('No leads found')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    const office = await otherSession(browser, staff);
    try {
      const createdAt = Date.now();
      const lead = await office.leads.create({ firstName: 'Live', lastName: tag });
      // The realtime debounce is 2 s.
      await expect(ui.row(lead)).toBeVisible({ timeout: 5_000 });
      expect(Date.now() - createdAt).toBeLessThan(5_000);
      await expect(ui.total).toHaveText('1 lead');
      await expect(ui.row(lead).getByRole('img', { name: 'New lead' })).toBeVisible();
    } finally {
      await office.close();
    }
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});
