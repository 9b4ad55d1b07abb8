import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, NOT_YET_QUOTED_STATUSES } from '#shared/leads/status.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-03-15T10:00:00Z');
const CREATED = new Date('2026-03-01T09:00:00Z');

/** A diesel BMW 320d, 03/2021: total 29646.62 on 2026-03-15 (proposals-staff.routes.test.ts). */
const BMW = {
  vehicleBrand: 'BMW',
  vehicleModel: '320d',
  vehicleMileage: '85.714',
  vehicleEngineSize: '1995',
  vehicleFuelType: 'diesel',
  vehicleCo2Emissions: '119',
  vehicleFirstRegistration: '03/2021',
  vehiclePrice: '24.500,00',
  wltpValue: true,
  transportCost: '2000',
  registrationFee: '340',
  registrationCountry: 'eu',
  imageUrls: [] as string[],
};

describe('a new proposal quotes a lead not yet quoted', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  const leadRow = async (id: number) => (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;
  const entries = (id: number) => t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, id));
  const newLead = (over: Partial<Parameters<typeof insertLead>[1]> = {}) =>
    insertLead(t.database.db, { firstName: 'Rui', createdAt: CREATED, lastInteractionAt: CREATED, ...over });

  it.each(NOT_YET_QUOTED_STATUSES)(
    'a %s lead without a quoted amount becomes Quoted at the total, with a Status Change entry and a live event',
    async (status) => {
      const lead = await newLead({ status });
      const events: HubEvent[] = [];
      const off = t.hub.subscribe((e) => events.push(e));
      const res = await call('POST', `/api/leads/${lead.id}/proposals`, BMW);
      off();
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().proposal.totalCost).toBe('29646.62');

      expect(await leadRow(lead.id)).toMatchObject({ status: 'quoted', quotedAmount: '29646.62' });
      const timeline = (await call('GET', `/api/leads/${lead.id}/timeline`)).json();
      expect(timeline).toHaveLength(1);
      expect(timeline[0]).toMatchObject({
        type: 'chat',
        kind: 'status_change',
        label: 'Status Change',
        title: `${LEAD_STATUS_LABELS[status]} → Quoted`,
        description:
          'New proposal for a BMW 320d: quoted amount set to its total, €29\u00a0646,62.\n' +
          'The status and the quoted amount can be changed on the lead.',
        metadata: { event: 'quoted_by_proposal' },
        createdAt: NOW.toISOString(),
        createdBy: userId,
        editable: false,
      });
      // Quoting is work on the lead: lateness counts from it.
      expect((await leadRow(lead.id)).lastInteractionAt).toEqual(NOW);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'lead_updated', data: { leadId: lead.id, byUserId: userId } }),
      );
      // The lead as the detail screen reads it.
      expect((await call('GET', `/api/leads/${lead.id}`)).json()).toMatchObject({
        status: 'quoted',
        quotedAmount: '29646.62',
      });
    },
  );

  const leftAlone = [
    ...LEAD_STATUSES.filter((s) => !(NOT_YET_QUOTED_STATUSES as readonly string[]).includes(s)).map(
      (status) => [status, null] as const,
    ),
    ...NOT_YET_QUOTED_STATUSES.map((status) => [status, '18000.00'] as const),
  ];
  it.each(leftAlone)('a %s lead with quoted amount %s is left as it was', async (status, quotedAmount) => {
    const lead = await newLead({ status, quotedAmount });
    expect((await call('POST', `/api/leads/${lead.id}/proposals`, BMW)).statusCode).toBe(201);
    expect(await leadRow(lead.id)).toMatchObject({ status, quotedAmount, lastInteractionAt: CREATED });
    expect(await entries(lead.id)).toEqual([]);
  });

  it('quotes once: a second proposal, or one without a total, changes nothing; staff can set it back', async () => {
    const lead = await newLead();
    const noPrice = await call('POST', `/api/leads/${lead.id}/proposals`, { ...BMW, vehiclePrice: '' });
    expect(noPrice.json().proposal.totalCost).toBeNull();
    expect(await leadRow(lead.id)).toMatchObject({ status: 'requested', quotedAmount: null });

    await call('POST', `/api/leads/${lead.id}/proposals`, BMW);
    await call('POST', `/api/leads/${lead.id}/proposals`, { ...BMW, vehiclePrice: '30.000,00' });
    expect(await leadRow(lead.id)).toMatchObject({ status: 'quoted', quotedAmount: '29646.62' });
    expect(await entries(lead.id)).toHaveLength(1);

    const back = await call('PUT', `/api/leads/${lead.id}`, { status: 'requested', quotedAmount: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(await leadRow(lead.id)).toMatchObject({ status: 'requested', quotedAmount: null });
  });

  it('refused input changes neither the lead nor its timeline', async () => {
    const lead = await newLead();
    const res = await call('POST', `/api/leads/${lead.id}/proposals`, { ...BMW, vehicleFirstRegistration: '03/2099' });
    expect(res.statusCode).toBe(400);
    expect(await leadRow(lead.id)).toMatchObject({ status: 'requested', quotedAmount: null });
    expect(await entries(lead.id)).toEqual([]);
  });
});
