// The stand-in marketplace of the proposals spec listens next to the app's port; the server is
// started with LISTING_FETCH_TEST_ORIGIN pointing at it (playwright.config.ts).
export const LISTING_FIXTURE_PORT = Number(process.env.E2E_PORT ?? 5188) + 1;
export const LISTING_FIXTURE_ORIGIN = `http://127.0.0.1:${LISTING_FIXTURE_PORT}`;
