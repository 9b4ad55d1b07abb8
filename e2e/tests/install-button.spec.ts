// The sidebar's install button (spec: shown only when the browser offers installation, ADR 033).
// Headless Chromium does not decide by itself to offer installation, so the offer is the DOM event
// the browser fires, `beforeinstallprompt`, dispatched with the prompt the page is handed.
import { expect, test } from '../fixtures.ts';
import { signInViaApi } from '../lib/lead-detail-api.ts';

/** Fires the browser's install offer; answers nothing, records the prompt call in window.__installPrompted. */
const offerInstall = (outcome: 'accepted' | 'dismissed') =>
  `(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    e.prompt = () => { window.__installPrompted = (window.__installPrompted ?? 0) + 1; return Promise.resolve(); };
    e.userChoice = Promise.resolve({ outcome: '${outcome}', platform: 'web' });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  })()`;

test.describe('install button', () => {
  test('appears only while the browser offers installation, prompts on click and goes once answered', async ({
    page,
  }) => {
    test.setTimeout(90_000); // the first load of the shell on a busy machine
    await signInViaApi(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    const button = page.getByRole('button', { name: 'Install app' });
    await expect(button).toHaveCount(0);

    // The app keeps the browser's offer for its own button (preventDefault), and shows the button.
    expect(await page.evaluate(offerInstall('accepted'))).toBe(true);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as { __installPrompted?: number }).__installPrompted)).toBe(1);
    await expect(button).toHaveCount(0);

    // Dismissed: the offer is used up, the button goes; a new offer brings it back.
    await page.evaluate(offerInstall('dismissed'));
    await button.click();
    await expect(button).toHaveCount(0);
    await page.evaluate(offerInstall('dismissed'));
    await expect(button).toBeVisible();
    // Installed some other way (the browser's own menu): the button goes.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(button).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __installPrompted?: number }).__installPrompted)).toBe(2);
  });
});
