import type { Page } from '@playwright/test';
import { E2E_USERS, expect, test } from '../fixtures.ts';
import { leadsApi, openAs, uniqueTag } from '../lib/leads-api.ts';

const { admin } = E2E_USERS;

function column(page: Page, status: string) {
  const box = page.getByTestId(`board-column-${status}`);
  return { box, count: box.getByTestId('board-count'), total: box.getByTestId('board-total') };
}

test.describe('pipeline board', () => {
  test('dragging a card (mouse, then keyboard) changes the status and the column totals', async ({ page }) => {
    const tag = uniqueTag('board');
    await openAs(page, admin, '/admin/leads');
    const leads = leadsApi(page);
    const a = await leads.create({ firstName: 'Alice', lastName: tag, budget: 10_000 });
    const b = await leads.create({ firstName: 'Bruno', lastName: tag, budget: 20_000 });
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    await expect(page.getByTestId('leads-total')).toHaveText('2 leads');
    await page.getByRole('button', { name: 'Board', exact: true }).click();

    const requested = column(page, 'requested');
    const quoted = column(page, 'quoted');
    await expect(requested.count).toHaveText('2');
    await expect(requested.total).toHaveText('€30\u00a0000');
    await expect(quoted.count).toHaveText('0');
    await expect(page.getByText('Totals: quoted amount, else budget')).toBeVisible();

    // Mouse: press, move past the activation distance, over the Quoted column, release. As with
    // the keyboard below, each step waits for what a screen reader hears: the columns are measured
    // once the card is lifted, and a pointer over them before that is over nothing.
    const heard = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
    const cardA = page.locator(`[data-testid="board-card"][data-lead-id="${a.id}"]`);
    const from = (await cardA.boundingBox())!;
    const to = (await quoted.box.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await expect(heard(/Picked up Alice|Over Requested\./)).toHaveCount(1);
    await page.mouse.move(to.x + to.width / 2, to.y + 150, { steps: 12 });
    await expect(heard('Over Quoted.')).toHaveCount(1);
    await page.mouse.up();
    await expect(quoted.count).toHaveText('1');
    await expect(quoted.total).toHaveText('€10\u00a0000');
    await expect(requested.count).toHaveText('1');
    await expect(requested.total).toHaveText('€20\u00a0000');
    expect((await leads.get(a.id)).status).toBe('quoted');

    // Keyboard: Space lifts, Right moves one column, Space drops.
    const cardB = page.locator(`[data-testid="board-card"][data-lead-id="${b.id}"]`);
    // Each key waits for what a screen reader hears: a key pressed before the card is lifted and
    // the columns measured moves nothing (as it would for a person).
    await cardB.focus();
    await page.keyboard.press('Space');
    // Lifted: 'Picked up Bruno…', at once replaced by 'Over Requested.' (the column it is in).
    await expect(heard(/Picked up Bruno|Over Requested\./)).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(heard('Over Quoted.')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(quoted.count).toHaveText('2');
    await expect(quoted.total).toHaveText('€30\u00a0000');
    await expect(requested.count).toHaveText('0');
    expect((await leads.get(b.id)).status).toBe('quoted');

    // The view is remembered.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'List', exact: true }).click();
  });
});
