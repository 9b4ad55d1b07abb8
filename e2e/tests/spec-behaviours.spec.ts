// Behaviours the specification names that only a browser shows: the notes box's height range
// (back office section 2), toast swipe to dismiss (public site section 9) and the reload when a new
// service worker takes control (public site section 4).
import { api, E2E_USERS, expect, expectToast, test, expectShell } from '../fixtures.ts';
import { createLeadViaApi, openLead } from '../lib/lead-detail-api.ts';

const { admin } = E2E_USERS;

test.describe('behaviours of the specification', () => {
  test('the notes box is 120 px high when empty and grows with the text up to 300 px', async ({ page }) => {
    await api(page).login(admin.username, admin.password);
    const lead = await createLeadViaApi(page, { notes: '' });
    await openLead(page, lead);
    const notes = page.locator('#lead-notes');
    const height = async () => (await notes.boundingBox())!.height;
    expect(await height()).toBeCloseTo(120, 0);
    await notes.fill(Array.from({ length: 6 }, (_, i) => `Line ${i + 1}`).join('\n'));
    const grown = await height();
    expect(grown).toBeGreaterThan(120);
    expect(grown).toBeLessThan(300);
    await notes.fill(Array.from({ length: 40 }, (_, i) => `Line ${i + 1}`).join('\n'));
    expect(await height()).toBeCloseTo(300, 0);
    expect(await notes.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  });

  test('a toast swiped right past 50 px is dismissed; a shorter swipe leaves it', async ({ page }) => {
    await api(page).login(admin.username, admin.password);
    const lead = await createLeadViaApi(page);
    await openLead(page, lead);
    await page.getByRole('button', { name: 'Star lead' }).click();
    const toast = await expectToast(page, 'Success', 'Lead starred');
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const drag = async (dx: number) => {
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 40 + (dx * i) / 10, y);
      await page.mouse.up();
    };
    await drag(30);
    await expect(toast).toBeVisible();
    await drag(120);
    await expect(toast).toBeHidden();
  });

  test.describe('service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    // fixme: in this Chromium the worker's update fetch of /sw.js is not seen by context.route, so
    // no new version ever installs and the test waits for a reload that cannot come. The reload
    // itself is in src/web (service-worker registration); a test that serves a second build is due.
    test.fixme('the page reloads by itself when a new version of the worker takes control', async ({
      page,
      context,
    }) => {
      await api(page).login(admin.username, admin.password);
      await page.goto('/admin');
      await expectShell(page);
      // The first install takes control silently; the next page load starts under it.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.reload();
      await expectShell(page);
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before'));

      // A new build: the same worker script with other bytes is a new version to the browser.
      await context.route('**/sw.js', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: `${await response.text()}\n// next build ${Date.now()}\n` });
      });
      const reloaded = page.waitForEvent('load');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await reloaded;
      await expectShell(page);
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    });
  });
});
