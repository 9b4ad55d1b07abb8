import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { proposals, storedMedia } from '#server/db/schema/proposals.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';
import { NOW, BMW } from './proposals-staff.test-helpers.ts';

describe('proposals: staff calls', () => {
  let t: TestApp;
  let fixtures: ListingFixtureServer;
  let cookie: string;
  let userId: number;
  let leadId: number;

  beforeAll(async () => {
    fixtures = await startListingFixtureServer();
    t = await createTestApp({ clock: { now: () => NOW }, listingFetchTestOrigin: fixtures.origin });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
    leadId = (await insertLead(t.database.db, { firstName: 'Joana', lastName: 'Martins' })).id;
  });
  afterAll(async () => {
    await t.close();
    await fixtures.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });

  it('creates a proposal with ISV, IVA and total computed on the server, amounts as decimal strings', async () => {
    const res = await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, isvCost: '1.00', totalCost: '2.00' });
    expect(res.statusCode).toBe(201);
    const { proposal, failedImages } = res.json();
    expect(failedImages).toEqual([]);
    expect(proposal).toMatchObject({
      leadId,
      vehicleMileage: 85714,
      vehicleEngineSize: 1995,
      vehicleCo2Emissions: 119,
      vehiclePrice: '24500.00',
      vehicleOriginalPrice: null,
      transportCost: '2000.00',
      registrationFee: '340.00',
      isvCost: '2806.62',
      ivaCost: '0.00',
      totalCost: '29646.62',
      createdBy: userId,
      viewCount: 0,
    });
    expect(proposal.publicId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({ isvCost: '2806.62', totalCost: '29646.62', vehiclePrice: '24500.00' });
  });

  it('the public page gets exactly the saved numbers', async () => {
    const list = (await call('GET', `/api/leads/${leadId}/proposals`)).json();
    const pub = (await t.app.inject({ method: 'GET', url: `/api/proposals/public/${list[0].publicId}` })).json();
    for (const key of ['vehiclePrice', 'isvCost', 'ivaCost', 'transportCost', 'registrationFee', 'totalCost'] as const)
      expect(pub.proposal[key]).toBe(list[0][key]);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const before = (await call('GET', `/api/leads/${leadId}/proposals`)).json().length;
    const res = await call('POST', `/api/leads/${leadId}/proposals`, {
      ...BMW,
      vehicleFirstRegistration: '2021-03',
      vehiclePrice: 'lots',
      vehicleFuelType: 'steam',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      vehicleFirstRegistration: 'First registration must be written MM/YYYY',
      vehiclePrice: 'Price must be an amount in euros',
      vehicleFuelType: 'Choose a fuel type from the list',
    });
    const future = await call('POST', `/api/leads/${leadId}/proposals`, {
      ...BMW,
      vehicleFirstRegistration: '04/2026',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ vehicleFirstRegistration: 'First registration cannot be in the future' });
    expect((await call('GET', `/api/leads/${leadId}/proposals`)).json()).toHaveLength(before);
    expect((await call('POST', '/api/leads/999999/proposals', BMW)).statusCode).toBe(404);
  });

  it('updates (recomputing the tax) and deletes; unknown ids answer 404', async () => {
    const id = (await call('POST', `/api/leads/${leadId}/proposals`, BMW)).json().proposal.id;
    const updated = await call('PUT', `/api/proposals/${id}`, { ...BMW, vehicleMileage: '5000' });
    expect(updated.statusCode).toBe(200);
    // At most 6000 km: IVA 23% of (price + ISV).
    expect(updated.json().proposal).toMatchObject({ ivaCost: '6280.52', totalCost: '35927.14' });
    expect((await call('DELETE', `/api/proposals/${id}`)).json()).toEqual({ ok: true });
    expect((await call('PUT', `/api/proposals/${id}`, BMW)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/proposals/${id}`)).statusCode).toBe(404);
  });

  it('copies listing photos into its own storage on save, resized to 1920 px, in the chosen order; failures are reported', async () => {
    const urls = [
      `${fixtures.origin}/img/b.jpg`,
      `${fixtures.origin}/img/a.jpg`,
      `${fixtures.origin}/img/missing.jpg`,
      'https://evil.example/x.jpg',
    ];
    const res = await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, imageUrls: urls });
    expect(res.statusCode).toBe(201);
    const { proposal, failedImages } = res.json();
    expect(proposal.imageUrls).toHaveLength(2);
    for (const url of proposal.imageUrls) expect(url).toMatch(/^\/media\/[0-9a-f]{32}$/);
    expect(failedImages.map((f: { url: string }) => f.url)).toEqual([urls[2], urls[3]]);
    const media = await t.database.db.select().from(storedMedia).where(eq(storedMedia.proposalId, proposal.id));
    expect(media.map((m) => m.sourceUrl).sort()).toEqual([urls[0], urls[1]].sort());
    const first = media.find((m) => `/media/${m.key}` === proposal.imageUrls[0])!;
    expect(first.sourceUrl).toBe(urls[0]);
    expect(Math.max(first.width!, first.height!)).toBe(1920);
    const served = await t.app.inject({ method: 'GET', url: proposal.imageUrls[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    // Reordered and one removed: the removed photo is deleted from storage.
    const again = await call('PUT', `/api/proposals/${proposal.id}`, { ...BMW, imageUrls: [proposal.imageUrls[1]] });
    expect(again.json().proposal.imageUrls).toEqual([proposal.imageUrls[1]]);
    expect(
      await t.database.db
        .select({ key: storedMedia.key })
        .from(storedMedia)
        .where(eq(storedMedia.proposalId, proposal.id)),
    ).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: proposal.imageUrls[0] })).statusCode).toBe(404);

    // Deleting the proposal deletes its photos.
    await call('DELETE', `/api/proposals/${proposal.id}`);
    expect((await t.app.inject({ method: 'GET', url: proposal.imageUrls[1] })).statusCode).toBe(404);
  });

  it('takes staff uploads (jpeg, png, webp) and refuses anything else', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/photos',
      payload: png,
      headers: { cookie, 'content-type': 'image/png' },
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ width: 1920, height: 640 });
    const id = (await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, imageUrls: [up.json().url] })).json()
      .proposal.id;
    const [media] = await t.database.db.select().from(storedMedia).where(eq(storedMedia.proposalId, id));
    expect(`/media/${media!.key}`).toBe(up.json().url);

    // The same stored photo in a second proposal is copied, so deleting one keeps the other's.
    const second = (await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, imageUrls: [up.json().url] })).json()
      .proposal;
    expect(second.imageUrls[0]).not.toBe(up.json().url);
    await call('DELETE', `/api/proposals/${id}`);
    expect((await t.app.inject({ method: 'GET', url: second.imageUrls[0] })).statusCode).toBe(200);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/photos',
      payload: 'not an image',
      headers: { cookie, 'content-type': 'image/jpeg' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Unsupported image');
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/photos',
      payload: '<svg/>',
      headers: { cookie, 'content-type': 'image/svg+xml' },
    });
    expect(svg.statusCode).toBe(415);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/proposals/photos',
          payload: png,
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
