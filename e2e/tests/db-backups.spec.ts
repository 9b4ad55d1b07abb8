import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { api, E2E_USERS, expect, signIn, test, toastWith } from '../fixtures.ts';

const { admin } = E2E_USERS;

/** GET /api/leads/{id}: 200 while the lead exists, 404 once a restore took it away. */
const leadStatus = async (page: Page, id: number) => (await page.request.get(`/api/leads/${id}`)).status();

/** A backup or a restore takes seconds on a loaded machine: its toast is awaited longer. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast =
    description === undefined ? toastWith(page, title) : toastWith(page, title).filter({ hasText: description });
  await expect(toast.first()).toBeVisible({ timeout: 120_000 });
}

test.describe('DB Backups (/admin/db-backups)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('create a backup, restore it with confirmation: the lead added since is gone', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/db-backups');
    await expect(page.getByRole('heading', { level: 1, name: 'DB Backups' })).toBeVisible();
    await expect(
      page.getByText('Automated backups run every hour and are removed after 3 days.', { exact: false }),
    ).toBeVisible();

    const rows = page.getByTestId('backup-row');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Create backup' }).click();
    await expectToast(page, 'Success', 'Database backup created successfully');
    await expect(rows).toHaveCount(before + 1);
    const newest = rows.first();
    await expect(newest.getByText('Manual', { exact: true })).toBeVisible();
    const filename = (await newest.locator('.font-mono').textContent())!;
    expect(filename).toMatch(/^backup-manual-\d{8}T\d{6}Z-v[\d.]+-pg[\d.]+\.tar$/);
    // en-GB creation time: dd/mm/yyyy, hh:mm:ss.
    await expect(newest).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);

    const lead = await api(page).post<{ id: number }>('/api/leads/manual', {
      firstName: 'After',
      lastName: 'Backup',
      vehicleMake: 'Fiat',
      vehicleModel: 'Panda',
    });
    expect(await leadStatus(page, lead.id)).toBe(200);

    await page.getByRole('button', { name: `Restore ${filename}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Restore this backup?' })).toBeVisible();
    await expect(dialog).toContainText(filename);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expectToast(page, 'Success', 'Database has been restored successfully');
    await expect(dialog).toHaveCount(0);

    expect(await leadStatus(page, lead.id)).toBe(404);
    // The data it replaced was kept as a restore point.
    await expect(page.getByTestId('backup-row').filter({ hasText: 'Restore point' })).toHaveCount(1);
    // Still signed in.
    await expect(page.getByRole('heading', { level: 1, name: 'DB Backups' })).toBeVisible();
  });

  test('download a backup and upload it back', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/db-backups');
    const rows = page.getByTestId('backup-row');
    await page.getByRole('button', { name: 'Create backup' }).click();
    await expectToast(page, 'Success', 'Database backup created successfully');
    const filename = (await rows.first().locator('.font-mono').textContent())!;

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download ${filename}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(filename);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 13).toString('ascii')).toBe('manifest.json');

    const count = await rows.count();
    await page.getByTestId('backup-upload-input').setInputFiles({
      name: 'copy-from-usb.tar',
      mimeType: 'application/x-tar',
      buffer: bytes,
    });
    await expectToast(page, 'Success');
    await expect(rows).toHaveCount(count + 1);
    // The uploaded file is offered for restore at once.
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Restore this backup?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A damaged file is refused with the server's message.
    await page.getByTestId('backup-upload-input').setInputFiles({
      name: 'broken.tar',
      mimeType: 'application/x-tar',
      buffer: bytes.subarray(0, 3000),
    });
    await expectToast(page, 'Upload Failed');
    await expect(rows).toHaveCount(count + 1);
  });
});
