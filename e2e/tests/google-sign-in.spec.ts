import { E2E_USERS, expect, expectToast, test } from '../fixtures.ts';
import { GOOGLE_STUB } from '../lib/google-stub.ts';
import { openAs } from '../lib/leads-api.ts';
import { startGoogleOAuthStub, type GoogleOAuthStub } from '#server/integrations/mail/test-rig/google-oauth-stub.ts';

const { admin } = E2E_USERS;

// 'Connect with Google' in Settings against the Google OAuth stub (the web server is pointed at it
// by e2e/lib/google-stub.ts): the consent tab, Google's redirect to the callback, the mailbox
// Connected with the address Google reported, then Disconnect revokes the token at "Google".
test.describe('Google sign-in for a mailbox', () => {
  let stub: GoogleOAuthStub;
  test.beforeAll(async () => {
    stub = await startGoogleOAuthStub({
      port: GOOGLE_STUB.port,
      clientId: GOOGLE_STUB.clientId,
      clientSecret: GOOGLE_STUB.clientSecret,
    });
  });
  test.afterAll(async () => {
    await stub?.close();
  });

  test('Connect with Google: consent, callback, Connected; Disconnect revokes it', async ({ page }) => {
    await openAs(page, admin, '/admin/settings');
    const card = page.getByRole('region', { name: 'Geral mailbox' });
    await expect(card.getByText('Not Connected', { exact: true })).toBeVisible();

    const address = `geral.${Date.now().toString(36)}@example.test`;
    stub.consentAsNext(address); // the account the admin picks on Google's consent screen
    const tab = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect with Google' }).click();
    const consent = await tab;
    // The tab went to the consent screen with our client, then Google sent it back to the callback.
    await expect(consent).toHaveURL(/\/api\/gmail\/callback\?/);
    await expect(consent.getByText('The Geral mailbox is connected. You can close this tab.')).toBeVisible();
    expect(stub.requests).toEqual(expect.arrayContaining(['GET /o/oauth2/v2/auth', 'POST /token']));

    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText(`${address} · Google sign-in`)).toBeVisible();
    expect(stub.liveRefreshTokens(address)).toHaveLength(1);

    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expectToast(page, 'Success', 'Geral account has been successfully disconnected.');
    await expect(card.getByText('Not Connected', { exact: true })).toBeVisible();
    expect(stub.liveRefreshTokens(address)).toHaveLength(0);
  });
});
