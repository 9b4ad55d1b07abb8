import { E2E_USERS, expect, test } from '../fixtures.ts';
import { hoursAgo, leadsApi, openAs, uniqueTag, type CreatedLead } from '../lib/leads-api.ts';
import { leadsPage, idsOf, searchFor, chooseSources } from '../lib/leads-list-page.ts';

const { admin } = E2E_USERS;

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
      // Next Step (ADR 066): none yet.
      '—',
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
    await expect(ui.statusFilter).toHaveAccessibleName('Status: 2 of 7');

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
      await expect(ui.statusFilter).toHaveAccessibleName('Status: 2 of 7');
      await expect(ui.late).toBeChecked();
      await expect(ui.sourceFilter).toHaveAccessibleName('Source: 1 of 2');
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
    await expect(ui.sourceFilter).toHaveAccessibleName('Source: 1 of 2');
    // And in a new tab of the same browser, only the source (local storage) is there.
    const tab = await page.context().newPage();
    await tab.goto('/admin/leads');
    await expect(leadsPage(tab).sourceFilter).toHaveAccessibleName('Source: 1 of 2');
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
    await expect(ui.statusFilter).toHaveAccessibleName('Status: all');
    await expect(ui.sourceFilter).toHaveAccessibleName('Source: all');
    await expect(ui.late).not.toBeChecked();
    await expect(ui.search).toHaveValue(tag);
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
