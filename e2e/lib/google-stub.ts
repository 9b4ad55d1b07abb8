// The Google OAuth stub for the browser test of 'Connect with Google' (e2e/tests/google-sign-in.spec.ts).
// The web server is configured with its address before any test runs, so its port is fixed per
// run: E2E_GOOGLE_STUB_PORT, else E2E_PORT + 20000 (parallel runs on other E2E_PORTs do not clash).
const e2ePort = Number(process.env.E2E_PORT ?? 5188);

export const GOOGLE_STUB = {
  port: Number(process.env.E2E_GOOGLE_STUB_PORT ?? e2ePort + 20000),
  clientId: 'e2e-client.apps.googleusercontent.com',
  clientSecret: 'e2e-client-secret',
};

const origin = `http://127.0.0.1:${GOOGLE_STUB.port}`;

/** What the web server needs to send Google sign-in to the stub (paths as the stub serves them). */
export const GOOGLE_STUB_ENV = {
  GOOGLE_CLIENT_ID: GOOGLE_STUB.clientId,
  GOOGLE_CLIENT_SECRET: GOOGLE_STUB.clientSecret,
  GOOGLE_OAUTH_AUTH_URL: `${origin}/o/oauth2/v2/auth`,
  GOOGLE_OAUTH_TOKEN_URL: `${origin}/token`,
  GOOGLE_OAUTH_REVOKE_URL: `${origin}/revoke`,
  // No Gmail here: a connected Google mailbox polls a closed loopback port and fails at once.
  GMAIL_IMAP: '127.0.0.1:9:none',
  GMAIL_SMTP: '127.0.0.1:9:none',
};
