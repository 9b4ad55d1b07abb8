import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';
import { NOW, BMW } from './proposals-staff.test-helpers.ts';

describe('proposals: staff calls', () => {
  let t: TestApp;
  let fixtures: ListingFixtureServer;
  let cookie: string;
  let userId: number;

  beforeAll(async () => {
    fixtures = await startListingFixtureServer();
    t = await createTestApp({ clock: { now: () => NOW }, listingFetchTestOrigin: fixtures.origin });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
    await insertLead(t.database.db, { firstName: 'Joana', lastName: 'Martins' });
  });
  afterAll(async () => {
    await t.close();
    await fixtures.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  const newLead = async () => (await insertLead(t.database.db, { firstName: 'Rui' })).id;

  describe('customer views', () => {
    it('counts customer views, not staff ones; the first tells staff and the timeline, without touching lateness', async () => {
      const lead = await newLead();
      const { publicId, id } = (await call('POST', `/api/leads/${lead}/proposals`, BMW)).json().proposal;
      const [before] = await t.database.db
        .select({ at: leads.lastInteractionAt })
        .from(leads)
        .where(eq(leads.id, lead));
      const view = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: `/api/proposals/public/${publicId}/view`, headers });

      expect((await view({ cookie })).json()).toEqual({ counted: false });
      expect((await view()).json()).toEqual({ counted: true });
      // The same visitor again within 30 minutes is the same view.
      expect((await view()).json()).toEqual({ counted: false });

      const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, id));
      expect(row).toMatchObject({ viewCount: 1, firstViewedAt: NOW, lastViewedAt: NOW });
      const timeline = (await call('GET', `/api/leads/${lead}/timeline`)).json();
      expect(timeline[0]).toMatchObject({
        kind: 'proposal_viewed',
        label: 'Proposal Viewed',
        // Said once: the label, no title repeating it.
        title: null,
        editable: false,
        description: 'Rui opened the proposal for a BMW 320d for the first time.',
      });
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.relatedId, lead));
      expect(notes.find((n) => n.userId === userId)).toMatchObject({
        type: 'other',
        title: 'Proposal viewed',
        relatedType: 'lead',
      });
      const [after] = await t.database.db.select({ at: leads.lastInteractionAt }).from(leads).where(eq(leads.id, lead));
      expect(after!.at).toEqual(before!.at);
      // Staff cannot edit or delete what the product wrote.
      expect((await call('DELETE', `/api/timeline/${timeline[0].id}`)).statusCode).toBe(403);

      const listed = (await call('GET', `/api/leads/${lead}/proposals`)).json()[0];
      expect(listed).toMatchObject({ viewCount: 1, lastViewedAt: NOW.toISOString() });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/proposals/public/5b0f1f8e-0000-0000-0000-000000000000/view' }))
          .statusCode,
      ).toBe(404);
    });
  });
});
