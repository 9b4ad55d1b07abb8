// The test rig of the extension's routes (extension-tokens and extension-capture): an app that
// reads listings from the local fixture server, two signed-in users, a lead to send cars to, and
// the page of a listing as the browser has it.
import { EXTENSION_ID } from '#shared/extension.ts';
import { insertLead } from '#test/factories.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

export const NOW = new Date('2026-03-15T10:00:00Z');
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
export const LISTING_URL = 'https://www.autoscout24.de/angebote/bmw-x5-xdrive30d-m-sport-diesel-schwarz-1';

export const bearer = (value: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${value}`,
  ...extra,
});

export interface ExtensionRig {
  t: TestApp;
  fixtures: ListingFixtureServer;
  cookie: string;
  otherCookie: string;
  leadId: number;
  pageHtml: string;
  close(): Promise<void>;
}

export async function startExtensionRig(): Promise<ExtensionRig> {
  const fixtures = await startListingFixtureServer();
  const t = await createTestApp({ clock: { now: () => NOW }, listingFetchTestOrigin: fixtures.origin });
  const cookie = (await t.loginAs('user')).cookie;
  const otherCookie = (await t.loginAs('user')).cookie;
  const leadId = (
    await insertLead(t.database.db, {
      firstName: 'Joana',
      lastName: 'Martins',
      email: 'joana@example.pt',
      reference: 'L77001',
    })
  ).id;
  // The page as the browser has it: the marketplace's HTML with photos on the fixture server.
  const pageHtml = await (await fetch(fixtures.listingUrl('as24-de-net-reduced'))).text();
  return {
    t,
    fixtures,
    cookie,
    otherCookie,
    leadId,
    pageHtml,
    async close() {
      await t.close();
      await fixtures.close();
    },
  };
}
