import { deflateSync } from 'node:zlib';
import { E2E_USERS, api, expect, expectToast, signIn, test } from '../fixtures.ts';
import { PUBLIC_SETTINGS } from '../public-data.ts';

// Settings (docs/rulings.md ruling 9): dark mode for everyone; company details for admins, seen by
// the public site at once. The public fixtures are put back after each test (other specs read them).
const { admin, staff } = E2E_USERS;

/** A small opaque PNG, built here so the test needs no image file. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()])),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('Settings', () => {
  test.afterEach(async ({ page }) => {
    const client = api(page);
    await client.login(admin.username, admin.password);
    await client.put('/api/settings', {
      companyName: PUBLIC_SETTINGS['company.name'],
      companyPhone: PUBLIC_SETTINGS['company.phone'],
      managerComercialName: PUBLIC_SETTINGS['manager.comercial.name'],
    });
    const res = await page.request.delete('/api/settings/logo');
    expect(res.ok()).toBe(true);
  });

  test('role user gets the dark-mode switch and no company details', async ({ page }) => {
    await signIn(page, staff.username, staff.password);
    await page.goto('/admin/settings');
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.getByText('Company details')).toHaveCount(0);
  });

  test('an admin changes the company details and logo; the public page shows them at once', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/settings');
    const name = page.getByLabel('Company name');
    await expect(name).toHaveValue(PUBLIC_SETTINGS['company.name']);

    // Bad values are refused on the form, nothing saved.
    await name.fill('');
    await page.getByLabel('Public phone').fill('call us');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Phone must be a phone number, e.g. +351 210 000 000')).toBeVisible();

    await name.fill('Carros do Norte');
    await page.getByLabel('Public phone').fill('+351 222 333 444');
    await page.getByLabel('Comercial manager name').fill('Joana Pires');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Success', 'Settings saved');

    await page.getByTestId('logo-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png(64, 24, [200, 30, 30]),
    });
    await expectToast(page, 'Success', 'Logo updated');
    const preview = page.getByRole('img', { name: 'Carros do Norte logo' });
    await expect(preview).toHaveAttribute('src', /^\/media\/[a-f0-9]{32}$/);
    const logoSrc = await preview.getAttribute('src');

    const site = await page.context().newPage();
    await site.goto('/');
    await expect(site).toHaveTitle(/Carros do Norte$/);
    await expect(site.locator('header img[alt="Carros do Norte"]')).toHaveAttribute('src', logoSrc!);
    await expect(site.locator('footer').getByRole('link', { name: '+351 222 333 444' })).toBeVisible();
    await site.close();

    // The change is in the audit log on the Users screen.
    await page.goto('/admin/users');
    const log = page.getByRole('table', { name: 'Security audit log' });
    await expect(log.getByText('changed logo')).toBeVisible();
    await expect(log.getByText('changed company name, phone, comercial manager name')).toBeVisible();
  });
});
