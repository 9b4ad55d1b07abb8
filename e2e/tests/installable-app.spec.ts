import { chromium } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signInViaApi } from '../lib/lead-detail-api.ts';

// The back office as an installed app (ADR 033): installable as it is, and honest when the network drops.
test.describe('installable back office', () => {
  test.use({ serviceWorkers: 'allow' });

  test('Chromium finds nothing missing to install it', async ({ baseURL }) => {
    // A profile on disk: Chromium never offers to install from an incognito (throwaway) context.
    const context = await chromium.launchPersistentContext('', {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      baseURL,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = await context.newPage();
      await signInViaApi(page);
      await page.goto('/admin');
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
        .toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('says so when the network drops, and reconnects the live updates when it returns', async ({ page, context }) => {
    await signInViaApi(page);
    const firstSocket = page.waitForEvent('websocket');
    await page.goto('/admin');
    await firstSocket;
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toHaveText(
      'You are offline. Changes cannot be saved until the connection returns; this page refreshes by itself when it does.',
    );
    const reconnected = page.waitForEvent('websocket');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    const socket = await reconnected;
    expect(socket.url()).toMatch(/\/api\/ws$/);
  });
});
