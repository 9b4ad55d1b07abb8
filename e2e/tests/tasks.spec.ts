import { E2E_USERS, api, bell, expect, expectToast, test } from '../fixtures.ts';
import { leadsApi, openAs, uniqueTag } from '../lib/leads-api.ts';

const { admin } = E2E_USERS;

/** The value of a datetime-local input (the browser runs in UTC, playwright.config.ts). */
const localInput = (d: Date) => d.toISOString().slice(0, 16);

test.describe('next steps (tasks)', () => {
  test('a task due in a minute notifies its owner; Today lists it; completing it logs a call', async ({
    page,
    browser,
  }) => {
    // Due within a minute, then the due-task job (every 3 s here) announces it.
    test.setTimeout(200_000);
    const tag = uniqueTag('task');
    await openAs(page, admin, '/admin');
    // The lead first: a new lead notifies every staff member, and the owner's bell must ring for the task alone.
    const lead = await leadsApi(page).create({ firstName: 'Carla', lastName: tag, vehicleMake: 'Audi' });
    const owner = { username: `owner-${tag}`, password: 'Owner12345' };
    await api(page).post('/api/users', {
      username: owner.username,
      email: `${owner.username}@example.com`,
      password: owner.password,
      role: 'user',
      firstName: 'Rita',
      lastName: 'Owner',
    });

    // The owner signs in elsewhere and gives the lead a next step due in a minute.
    const context = await browser.newContext();
    const ownerPage = await context.newPage();
    await openAs(ownerPage, { ...owner, role: 'user' }, `/admin/leads/${lead.id}`);
    const card = ownerPage.getByTestId('lead-tasks');
    await expect(card.getByText('No next step yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Add task' }).click();
    await card.getByLabel('What').fill('Call Carla about the papers');
    const due = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    await card.getByLabel('Due').fill(localInput(due));
    await card.getByRole('button', { name: 'Add task' }).last().click();
    await expectToast(ownerPage, 'Success', 'Task added: Call Carla about the papers');
    const row = card.getByTestId('task-row').filter({ hasText: 'Call Carla about the papers' });
    await expect(row).toContainText('Rita Owner');

    // The bell rings for the owner once it is due.
    const { button, panel } = bell(ownerPage);
    await expect(button).toHaveAccessibleName('Notifications (1 unread)', { timeout: 100_000 });
    await button.click();
    await expect(panel.getByRole('listitem').first()).toContainText('Task due');
    await expect(panel.getByRole('listitem').first()).toContainText(`Call Carla about the papers — Carla ${tag}`);
    await ownerPage.keyboard.press('Escape');
    // The card's clock ticks every 30 s (use-clock.ts): the red mark follows within one tick.
    await expect(row.getByTestId('task-overdue')).toBeVisible({ timeout: 40_000 });

    // Today lists it as overdue; completing it with a call logs that call on the lead.
    await ownerPage.getByRole('link', { name: 'Today' }).click();
    const overdue = ownerPage.getByTestId('today-overdue');
    await expect(overdue).toContainText('Call Carla about the papers');
    await overdue.getByRole('button', { name: 'Complete Call Carla about the papers' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Complete task' });
    await dialog.getByRole('radio', { name: 'Log a call' }).click();
    await dialog.getByLabel('Notes').fill('She sends the papers on Monday');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expectToast(ownerPage, 'Success', 'Task completed and logged');
    await expect(ownerPage.getByText('Nothing due today')).toBeVisible();
    const timeline = await api(ownerPage).get<{ title: string; description: string }[]>(
      `/api/leads/${lead.id}/timeline`,
    );
    expect(timeline[0]).toMatchObject({
      title: 'Phone Call: Call Carla about the papers',
      description: 'She sends the papers on Monday',
    });
    await context.close();
  });

  test('the leads list shows the next step, overdue in red', async ({ page }) => {
    const tag = uniqueTag('next');
    await openAs(page, admin, '/admin/leads');
    const lead = await leadsApi(page).create({ firstName: 'Nuno', lastName: tag });
    await api(page).post(`/api/leads/${lead.id}/tasks`, {
      title: 'Send the quote',
      dueAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    const cell = page.locator(`tr[data-lead-id="${lead.id}"]`).getByTestId('next-step');
    await expect(cell).toContainText('Send the quote');
    await expect(cell.locator('[data-overdue]')).toContainText('Overdue');
  });
});
