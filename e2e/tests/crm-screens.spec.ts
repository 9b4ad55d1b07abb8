import type { Page, TestInfo } from '@playwright/test';
import { E2E_USERS, api, expect, test } from '../fixtures.ts';
import { leadsApi, openAs, uniqueTag } from '../lib/leads-api.ts';

// Screenshots of the pipeline board and Today (ADR 066), light and dark, desktop and phone.
const { admin } = E2E_USERS;

async function seed(page: Page) {
  const tag = uniqueTag('shot');
  const leads = leadsApi(page);
  const made = [];
  for (const [firstName, status, budget] of [
    ['Rita', 'requested', 18_000],
    ['Paulo', 'quoted', 32_500],
    ['Sara', 'clarifying', 24_000],
    ['Tiago', 'contacted', 41_000],
  ] as const)
    made.push(
      await leads.create({ firstName, lastName: tag, status, budget, vehicleMake: 'BMW', vehicleModel: '320d' }),
    );
  const soon = new Date(Date.now() + 3 * 3_600_000).toISOString();
  const late = new Date(Date.now() - 2 * 3_600_000).toISOString();
  await api(page).post(`/api/leads/${made[0]!.id}/tasks`, { title: 'Call about the financing', dueAt: late });
  await api(page).post(`/api/leads/${made[1]!.id}/tasks`, { title: 'Follow up on the quote', dueAt: soon });
  return tag;
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`) });
  }
}

for (const device of ['desktop', 'phone'] as const) {
  test(`board and Today screenshots, ${device}${device === 'phone' ? ' @mobile' : ''}`, async ({ page }, testInfo) => {
    await openAs(page, admin, '/admin/leads');
    const tag = await seed(page);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    await page.getByRole('button', { name: 'Board' }).click();
    await expect(page.getByTestId('board-column-quoted').getByTestId('board-count')).toHaveText('1');
    await shoot(page, testInfo, `board-${device}`);
    await page.getByRole('button', { name: 'List' }).click();
    await page.goto('/admin/today');
    await expect(page.getByTestId('today-overdue')).toContainText('Call about the financing');
    await shoot(page, testInfo, `today-${device}`);
  });
}
