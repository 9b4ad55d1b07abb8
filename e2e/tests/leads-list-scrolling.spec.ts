import { E2E_USERS, expect, test } from '../fixtures.ts';
import { leadsApi, openAs, uniqueTag } from '../lib/leads-api.ts';
import { leadsPage } from '../lib/leads-list-page.ts';

const { admin } = E2E_USERS;

test.describe('leads list', () => {
  test('scrolling loads the next pages (keyset cursor) until every match is shown', async ({ page }) => {
    test.setTimeout(60_000);
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    for (let i = 0; i < 60; i++) await leads.create({ firstName: `Page${String(i).padStart(2, '0')}`, lastName: tag });
    const requests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/leads' && url.searchParams.get('search') === tag)
        requests.push(url.searchParams.get('cursor') ?? 'first');
    });
    await page.reload();
    const ui = leadsPage(page);
    await ui.search.fill(tag);
    await expect(ui.total).toHaveText('60 leads');
    await expect(page.getByText('Page59 ' + tag)).toBeVisible();
    expect(requests).toEqual(['first']);
    // 50 rows are loaded, but only those near the viewport are in the DOM (windowing).
    const inDom = await ui.rows.count();
    expect(inDom).toBeGreaterThan(10);
    expect(inDom).toBeLessThan(50);
    await expect(page.getByText('Page10 ' + tag)).toHaveCount(0);

    // Scrolling towards the end asks for the next page with the cursor of the first.
    for (let i = 0; i < 20 && !(await page.getByText('Page00 ' + tag).isVisible()); i++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(100);
    }
    await expect(page.getByText('Page00 ' + tag)).toBeVisible();
    await expect(page.getByText('Page59 ' + tag)).toHaveCount(0);
    expect(requests).toHaveLength(2);
    expect(requests[1]).not.toBe('first');
    await expect(ui.table).toHaveAttribute('aria-rowcount', '61');
  });
});
