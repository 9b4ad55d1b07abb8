import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { hoursAgo, leadsApi, openAs, otherSession, uniqueTag, type CreatedLead } from '../lib/leads-api.ts';

const { admin, staff } = E2E_USERS;

/** The controls of /admin/leads. */
function leadsPage(page: Page) {
  const table = page.getByRole('table', { name: 'Leads' });
  return {
    search: page.getByRole('searchbox', { name: 'Search leads' }),
    table,
    rows: table.locator('tbody tr[data-lead-id]'),
    row: (lead: CreatedLead) => table.locator(`tr[data-lead-id="${lead.id}"]`),
    total: page.getByTestId('leads-total'),
    preset: (name: 'Active' | 'Waiting for us' | 'Follow Up') =>
      page.getByRole('group', { name: 'Presets' }).getByRole('button', { name, exact: true }),
    late: page.getByRole('switch', { name: 'Show Only Late Leads' }),
    statusFilter: page.getByRole('button', { name: /^Status filter/ }),
    sourceFilter: page.getByRole('button', { name: /^Source filter/ }),
    banner: page.getByTestId('hidden-matches-banner'),
  };
}

/** Ids of the rows on screen, top to bottom. */
const idsOf = async (rows: Locator) =>
  await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lead-id'))));

async function searchFor(page: Page, term: string, expected: number) {
  const ui = leadsPage(page);
  await ui.search.fill(term);
  await expect(ui.total).toHaveText(`${expected} ${expected === 1 ? 'lead' : 'leads'}`);
  await expect(ui.rows).toHaveCount(expected);
}

async function chooseSources(page: Page, sources: { Geral: boolean; Comercial: boolean }) {
  const ui = leadsPage(page);
  await ui.sourceFilter.click();
  const group = page.getByRole('group', { name: 'Source' });
  for (const [name, on] of Object.entries(sources)) await group.getByRole('checkbox', { name }).setChecked(on);
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();
}

test.describe('leads list', () => {
  test('server-side search by name, e-mail, make, model and reference, in server order', async ({ page }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const a = await leads.create({
      firstName: 'Marta',
      lastName: `Silva ${tag}`,
      email: `marta.${tag}@example.com`,
      vehicleMake: 'Audi',
      vehicleModel: 'A4',
      budget: 25_000,
    });
    const b = await leads.create({
      firstName: 'Rui',
      lastName: tag,
      vehicleMake: 'Tesla',
      vehicleModel: `Model ${tag}`,
      emailSource: 'comercial',
    });
    const c = await leads.create({
      firstName: 'Eva',
      lastName: tag,
      vehicleMake: 'Volvo',
      vehicleModel: 'XC60',
      lastContactAt: hoursAgo(3),
    });
    await page.reload();
    const ui = leadsPage(page);
    await expect(ui.table).toBeVisible();

    await searchFor(page, tag.toUpperCase(), 3);
    // Newest interaction first: b (created last), a, then c (its call 3 hours ago).
    expect(await idsOf(ui.rows)).toEqual([b.id, a.id, c.id]);
    await expect(ui.row(a).locator('td')).toHaveText([
      '#' + a.reference,
      `Marta Silva ${tag}marta.${tag}@example.com`,
      'Audi',
      'A4',
      '€25\u00a0000',
      'Requested',
      'Geral',
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/,
    ]);
    await expect(ui.row(b).getByText('Comercial')).toBeVisible();

    await searchFor(page, `model ${tag}`, 1);
    await expect(ui.row(b)).toBeVisible();
    await searchFor(page, a.reference, 1);
    await expect(ui.row(a)).toBeVisible();
    await searchFor(page, `marta.${tag}@`, 1);
    await ui.search.fill(`${tag}-nothing`);
    await expect(page.getByText('No leads found')).toBeVisible();
    await expect(page.getByText('No leads match your search and filters.')).toBeVisible();
  });

  test('presets Active, Waiting for us and Follow Up; clicking the active one resets to Active', async ({ page }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const requested = await leads.create({ firstName: 'Req', lastName: tag });
    const waiting = await leads.create({ firstName: 'Wait', lastName: tag, status: 'waiting' });
    const quotedLate = await leads.create({
      firstName: 'QuotedLate',
      lastName: tag,
      status: 'quoted',
      lastContactAt: hoursAgo(60),
    });
    const clarifying = await leads.create({ firstName: 'Clar', lastName: tag, status: 'clarifying' });
    const contactedLate = await leads.create({
      firstName: 'ContactedLate',
      lastName: tag,
      status: 'contacted',
      lastContactAt: hoursAgo(130),
    });
    const rejected = await leads.create({ firstName: 'Rej', lastName: tag, status: 'rejected' });
    await page.reload();
    const ui = leadsPage(page);
    const shown = async () => (await idsOf(ui.rows)).sort((x, y) => x - y);
    const ids = (...l: CreatedLead[]) => l.map((x) => x.id).sort((x, y) => x - y);

    await expect(ui.preset('Active')).toHaveAttribute('aria-pressed', 'true');
    await searchFor(page, tag, 5);
    expect(await shown()).toEqual(ids(requested, waiting, quotedLate, clarifying, contactedLate));
    await expect(ui.row(rejected)).toHaveCount(0);

    await ui.preset('Waiting for us').click();
    await expect(ui.preset('Waiting for us')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.preset('Active')).toHaveAttribute('aria-pressed', 'false');
    await expect(ui.rows).toHaveCount(2);
    expect(await shown()).toEqual(ids(requested, waiting));
    await expect(ui.late).not.toBeChecked();
    await expect(ui.statusFilter).toHaveAccessibleName('Status filter: 2 of 7');

    await ui.preset('Follow Up').click();
    await expect(ui.preset('Follow Up')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.late).toBeChecked();
    await expect(ui.rows).toHaveCount(2);
    expect(await shown()).toEqual(ids(quotedLate, contactedLate));
    await expect(ui.row(quotedLate).getByRole('img', { name: 'Needs attention soon' })).toBeVisible();
    await expect(ui.row(contactedLate).getByRole('img', { name: 'Urgent attention required' })).toBeVisible();

    // Clicking the active preset again resets to Active.
    await ui.preset('Follow Up').click();
    await expect(ui.preset('Active')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.late).not.toBeChecked();
    await expect(ui.rows).toHaveCount(5);

    await ui.preset('Waiting for us').click();
    await expect(ui.rows).toHaveCount(2);
    await ui.preset('Waiting for us').click();
    await expect(ui.preset('Active')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.rows).toHaveCount(5);

    // The status popover lists the seven statuses; ticking Rejected brings it in (no preset then).
    await ui.statusFilter.click();
    const group = page.getByRole('group', { name: 'Status' });
    await expect(group.getByRole('checkbox')).toHaveCount(7);
    await expect(group).toContainText('RequestedQuotedWaiting for LeadWaiting for UsContactedRejectedConverted');
    await group.getByRole('checkbox', { name: 'Rejected' }).check();
    await page.keyboard.press('Escape');
    await expect(ui.rows).toHaveCount(6);
    for (const name of ['Active', 'Waiting for us', 'Follow Up'] as const)
      await expect(ui.preset(name)).toHaveAttribute('aria-pressed', 'false');
  });

  test('filters persist over a reload and a lead visit; leaving the list clears all but the source', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const lead = await leads.create({
      firstName: 'Persist',
      lastName: tag,
      emailSource: 'comercial',
      status: 'waiting',
      lastContactAt: hoursAgo(30),
    });
    await page.reload();
    const ui = leadsPage(page);
    await ui.search.fill(tag);
    await ui.preset('Waiting for us').click();
    await ui.late.click();
    await chooseSources(page, { Geral: false, Comercial: true });
    await expect(ui.rows).toHaveCount(1);

    const expectKept = async () => {
      await expect(ui.search).toHaveValue(tag);
      await expect(ui.statusFilter).toHaveAccessibleName('Status filter: 2 of 7');
      await expect(ui.late).toBeChecked();
      await expect(ui.sourceFilter).toHaveAccessibleName('Source filter: 1 of 2');
      await expect(ui.rows).toHaveCount(1);
    };
    await page.reload();
    await expectKept();

    // To the lead and back (its back link, then the browser's back button).
    await ui.row(lead).click();
    await expect(page).toHaveURL(`/admin/leads/${lead.id}`);
    await page.getByRole('link', { name: 'Back to leads' }).click();
    await expect(page).toHaveURL('/admin/leads');
    await expectKept();
    await ui.row(lead).press('Enter');
    await expect(page).toHaveURL(`/admin/leads/${lead.id}`);
    await page.goBack();
    await expectKept();

    // To the Dashboard and back: search, statuses and late are gone; the source stays.
    await page.locator('[data-sidebar="content"]').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.locator('[data-sidebar="content"]').getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(ui.search).toHaveValue('');
    await expect(ui.preset('Active')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.late).not.toBeChecked();
    await expect(ui.sourceFilter).toHaveAccessibleName('Source filter: 1 of 2');
    // And in a new tab of the same browser, only the source (local storage) is there.
    const tab = await page.context().newPage();
    await tab.goto('/admin/leads');
    await expect(leadsPage(tab).sourceFilter).toHaveAccessibleName('Source filter: 1 of 2');
    await expect(leadsPage(tab).search).toHaveValue('');
    await tab.close();
  });

  test('the banner counts search matches hidden by the filters and "Show them" lifts those filters', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const visible = await leads.create({ firstName: 'Shown', lastName: tag, lastContactAt: hoursAgo(20) });
    const rejected = await leads.create({ firstName: 'Rejected', lastName: tag, status: 'rejected' });
    const comercial = await leads.create({
      firstName: 'Comercial',
      lastName: tag,
      emailSource: 'comercial',
      lastContactAt: hoursAgo(20),
    });
    const recent = await leads.create({ firstName: 'Recent', lastName: tag });
    await page.reload();
    const ui = leadsPage(page);
    await chooseSources(page, { Geral: true, Comercial: false });
    await ui.late.click();
    await searchFor(page, tag, 1);
    await expect(ui.row(visible)).toBeVisible();
    await expect(ui.banner).toHaveText(
      `3 more leads match "${tag}" but are hidden by filters: status (1), source (1), late only (2)Show them`,
    );

    await ui.banner.getByRole('button', { name: 'Show them' }).click();
    await expect(ui.banner).toBeHidden();
    await expect(ui.rows).toHaveCount(4);
    expect((await idsOf(ui.rows)).sort()).toEqual([visible.id, rejected.id, comercial.id, recent.id].sort());
    await expect(ui.statusFilter).toHaveAccessibleName('Status filter: all');
    await expect(ui.sourceFilter).toHaveAccessibleName('Source filter: all');
    await expect(ui.late).not.toBeChecked();
    await expect(ui.search).toHaveValue(tag);
  });

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

  test('Export CSV downloads the filtered list: UTF-8 with BOM, Portuguese format, a header and the rows', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const leads = leadsApi(page);
    await openAs(page, admin, '/admin/leads');
    const kept = await leads.create({
      firstName: 'Exported',
      lastName: `Conceição ${tag}`,
      vehicleMake: 'Škoda',
      vehicleModel: 'Octavia',
      budget: '18500.50',
    });
    await leads.create({ firstName: 'Filtered', lastName: tag, status: 'rejected' });
    await page.reload();
    await searchFor(page, tag, 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      // Portuguese spreadsheets split on ';' and read a decimal comma (the default format).
      'Reference;First name;Last name;Email;Phone;Make;Model;Year;Budget (EUR);Status;Source;Created;Last interaction',
    );
    expect(lines).toHaveLength(2); // the rejected lead is filtered out like on screen
    expect(lines[1]).toMatch(
      new RegExp(
        `^${kept.reference};Exported;Conceição ${tag};;;Škoda;Octavia;;18500,50;Requested;Geral;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};`,
      ),
    );
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

  test("header buttons: 'Create lead manually' opens its dialog; the mailbox buttons answer", async ({ page }) => {
    await openAs(page, admin, '/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText('Manage customer inquiries and quotes')).toBeVisible();
    await page.getByRole('button', { name: 'Check e-mails' }).click();
    // Not connected here, unless the mailbox browser test has a mailbox connected at this moment.
    await expect(page.getByText(/^(Gmail Not Connected|Email Check Complete|Please Wait)$/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Import lead by reference' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Lead by Reference' });
    await expect(importDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(importDialog).toBeHidden();
    await page.getByRole('button', { name: 'Create lead manually' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Lead Manually' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

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

test.describe('leads list on a phone', { tag: '@mobile' }, () => {
  test('cards instead of the table; tapping one opens the lead', async ({ page }, testInfo) => {
    const tag = uniqueTag();
    await openAs(page, admin, '/admin/leads');
    const lead = await leadsApi(page).create({
      firstName: 'Phone',
      lastName: tag,
      vehicleMake: 'Renault',
      vehicleModel: 'Clio',
      budget: 12_000,
      emailSource: 'comercial',
    });
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    const list = page.getByRole('list', { name: 'Leads' });
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = list.getByRole('link').first();
    await expect(card).toContainText(`Phone ${tag}`);
    await expect(card).toContainText('Renault Clio');
    await expect(card).toContainText('€12\u00a0000');
    await expect(card).toContainText('Comercial');
    await expect(card).toContainText('Requested');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-leads.png') });
    await card.tap();
    await expect(page).toHaveURL(`/admin/leads/${lead.id}`);
  });
});
