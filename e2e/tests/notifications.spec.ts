import type { Browser, Page } from '@playwright/test';
import { E2E_USERS, api, bell, expect, signIn, test } from '../fixtures.ts';

const { admin, staff, quiet } = E2E_USERS;

/** A second browser context signed in as the admin, for posting announcements. */
async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const client = api(page);
  await client.login(admin.username, admin.password);
  return {
    announce: (userIds: number[], title: string, message = 'A message from the office.') =>
      client.post<{ count: number }>('/api/notifications', { title, message, userIds }),
    close: () => context.close(),
  };
}

/** Starts the user from zero unread notifications (other tests may have left some). */
async function markAllReadVia(page: Page) {
  await api(page).put('/api/notifications/mark-all-read');
}

test.describe('notification bell', () => {
  test("12 unread show '9+'; the panel lists them; 'Mark all read' clears the badge", async ({ page, browser }) => {
    await signIn(page, staff.username, staff.password);
    const me = await api(page).me();
    await markAllReadVia(page);
    const { button, badge, panel } = bell(page);
    await page.reload();
    await expect(button).toBeVisible();
    await expect(badge).toHaveCount(0);

    const office = await adminSession(browser);
    try {
      for (let i = 1; i <= 12; i++)
        expect((await office.announce([me.id], `Announcement ${i}`, `Message number ${i}`)).count).toBe(1);
    } finally {
      await office.close();
    }

    await expect(badge).toHaveText('9+');
    await expect(button).toHaveAccessibleName('Notifications (9+ unread)');
    // Also after a reload (from the server, not only the live event).
    await page.reload();
    await expect(badge).toHaveText('9+');

    await button.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    // Other specs create leads, which notify every staff user: count this test's announcements.
    const items = panel.getByRole('listitem').filter({ hasText: /Announcement \d+/ });
    await expect(items).toHaveCount(12);
    // Newest first, each with its message and 'Just now'.
    await expect(items.first()).toContainText('Announcement 12');
    await expect(items.first()).toContainText('Message number 12');
    await expect(items.last()).toContainText('Announcement 1');
    await expect(items.getByText('Just now', { exact: true })).toHaveCount(12);
    // The panel stays inside the window, the list scrolls within it (on a short window too).
    const inside = async () => {
      const box = (await panel.boundingBox())!;
      const view = page.viewportSize()!;
      expect(box.y + box.height).toBeLessThanOrEqual(view.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(view.width);
      const list = panel.getByTestId('notification-list');
      expect(await list.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    };
    await inside();
    await page.setViewportSize({ width: 360, height: 420 });
    await inside();
    await page.setViewportSize({ width: 1280, height: 800 });

    const markAll = panel.getByRole('button', { name: 'Mark all read' });
    await expect(markAll).toBeVisible();
    await markAll.click();
    await expect(badge).toHaveCount(0);
    await expect(markAll).toHaveCount(0);
    await expect(button).toHaveAccessibleName('Notifications');
    // Read notifications stay in the list.
    await expect(items).toHaveCount(12);
    expect(await api(page).get('/api/notifications/count')).toEqual({ count: 0 });

    // A click outside closes the panel.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).click();
    await expect(panel).toBeHidden();
  });

  test("with no notifications: no badge and 'No notifications yet'", async ({ page }) => {
    // Every new lead notifies every staff user, and other specs create leads: the empty inbox is
    // answered here (the server side of an empty list is covered by the integration tests).
    await page.route('**/api/notifications/count', (route) => route.fulfill({ json: { count: 0 } }));
    await page.route('**/api/notifications', (route) => route.fulfill({ json: [] }));
    await signIn(page, quiet.username, quiet.password);
    const { button, badge, panel } = bell(page);
    await expect(button).toHaveAccessibleName('Notifications');
    await expect(badge).toHaveCount(0);
    await button.click();
    await expect(panel.getByText('No notifications yet', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await page.mouse.click(640, 600);
    await expect(panel).toBeHidden();
    await expect(page.getByText('No notifications yet')).toHaveCount(0);
  });

  test('live: an announcement reaches an open /admin over the WebSocket, without reload or poll', async ({
    page,
    browser,
  }) => {
    // Every frame the page's sockets receive, with the time it arrived.
    const frames: { at: number; type?: string }[] = [];
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/ws')) return;
      ws.on('framereceived', ({ payload }) => {
        let type: string | undefined;
        try {
          type = (JSON.parse(String(payload)) as { type?: string }).type;
        } catch {
          /* not JSON */
        }
        frames.push({ at: Date.now(), type });
      });
    });
    const countRequests: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/notifications/count') countRequests.push(Date.now());
    });
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });

    await signIn(page, staff.username, staff.password);
    const me = await api(page).me();
    await markAllReadVia(page);
    const { button, badge } = bell(page);
    // The socket is open (its greeting arrived) and the page has settled on zero unread.
    await expect.poll(() => frames.some((f) => f.type === 'connected'), { message: 'WebSocket connected' }).toBe(true);
    await expect(badge).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const navigationsBefore = navigations;

    const office = await adminSession(browser);
    try {
      const postedAt = Date.now();
      expect((await office.announce([me.id], 'Team meeting', 'Friday at 10:00')).count).toBe(1);

      // Well inside the 30 s poll: within 5 s of the POST.
      await expect(badge).toHaveText('1', { timeout: 5_000 });
      expect(Date.now() - postedAt).toBeLessThan(5_000);
      await expect(button).toHaveAccessibleName('Notifications (1 unread)');

      const event = frames.find((f) => f.type === 'notification_created');
      expect(event, 'a notification_created frame').toBeDefined();
      expect(event!.at).toBeGreaterThanOrEqual(postedAt);
      // The frame made the page refetch the count.
      expect(countRequests.some((at) => at >= event!.at)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(navigations).toBe(navigationsBefore);

      // A second one increments it the same way.
      await office.announce([me.id], 'Second note', 'Another message');
      await expect(badge).toHaveText('2', { timeout: 5_000 });
      expect(frames.filter((f) => f.type === 'notification_created')).toHaveLength(2);

      // And the panel shows it straight away.
      await button.click();
      await expect(bell(page).panel.getByRole('listitem').first()).toContainText('Second note');
      await expect(bell(page).panel.getByRole('listitem').first()).toContainText('Just now');
    } finally {
      await office.close();
    }
  });
});
