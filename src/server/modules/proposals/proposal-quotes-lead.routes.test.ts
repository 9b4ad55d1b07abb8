import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, NOT_YET_QUOTED_STATUSES } from '#shared/leads/status.ts';
import { securityAuditLog } from '#server/db/schema/auth.ts';
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

describe('Quoted means sent (docs/rulings.md ruling 22, ADR 053)', () => {
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
    insertLead(t.database.db, {
      firstName: 'Rui',
      email: 'rui@example.com',
      createdAt: CREATED,
      lastInteractionAt: CREATED,
      ...over,
    });
  const propose = async (leadId: number, input: object = BMW) => {
    const res = await call('POST', `/api/leads/${leadId}/proposals`, input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ proposal: { id: number; totalCost: string | null } }>().proposal;
  };

  it.each(NOT_YET_QUOTED_STATUSES)('creating and editing a proposal leaves a %s lead as it was', async (status) => {
    const lead = await newLead({ status });
    const proposal = await propose(lead.id);
    expect(proposal.totalCost).toBe('29646.62');
    expect((await call('PUT', `/api/proposals/${proposal.id}`, { ...BMW, vehiclePrice: '25 000' })).statusCode).toBe(
      200,
    );
    expect(await leadRow(lead.id)).toMatchObject({ status, quotedAmount: null, lastInteractionAt: CREATED });
    expect(await entries(lead.id)).toEqual([]);
  });

  it.each([
    ['link', 'link copied for the customer'],
    ['whatsapp', 'shared with the customer on WhatsApp'],
  ] as const)('copying or sharing the link (%s) quotes the lead, once, audited', async (via, said) => {
    const lead = await newLead({ status: 'contacted' });
    const proposal = await propose(lead.id);
    const events: HubEvent[] = [];
    const off = t.hub.subscribe((e) => events.push(e));
    const res = await call('POST', `/api/proposals/${proposal.id}/delivered`, { via });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ leadQuoted: true });
    expect(await leadRow(lead.id)).toMatchObject({
      status: 'quoted',
      quotedAmount: '29646.62',
      lastInteractionAt: NOW,
    });
    const timeline = (await call('GET', `/api/leads/${lead.id}/timeline`)).json();
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      kind: 'status_change',
      title: `${LEAD_STATUS_LABELS.contacted} → Quoted`,
      description:
        `Proposal for a BMW 320d ${said}: quoted amount set to its total, €29\u00a0646,62.\n` +
        'The status and the quoted amount can be changed on the lead.',
      metadata: { event: 'quoted_by_proposal' },
      createdBy: userId,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'lead_updated', data: { leadId: lead.id, byUserId: userId } }),
    );
    // Idempotent: a second copy changes nothing but is audited too.
    expect((await call('POST', `/api/proposals/${proposal.id}/delivered`, { via })).json()).toEqual({
      leadQuoted: false,
    });
    expect(await entries(lead.id)).toHaveLength(1);
    const audited = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.details, `Proposal ${proposal.id} of lead ${lead.id}: ${via}`));
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ event: 'proposal_shared', userId });
  });

  it('sending the proposal e-mail quotes the lead', async () => {
    const lead = await newLead({ status: 'requested' });
    const proposal = await propose(lead.id);
    const res = await call('POST', `/api/leads/${lead.id}/send-email`, {
      subject: 'A sua proposta',
      body: 'Olá Rui, segue a proposta.',
      proposalId: proposal.id,
      includeSignature: false,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await leadRow(lead.id)).toMatchObject({ status: 'quoted', quotedAmount: '29646.62' });
    const quoted = (await entries(lead.id)).filter((e) => e.title === 'Requested → Quoted');
    expect(quoted).toHaveLength(1);
    expect(quoted[0]!.description).toContain('Proposal for a BMW 320d sent to the customer by e-mail');
  });

  it('an e-mail without a proposal quotes nothing', async () => {
    const lead = await newLead({ status: 'requested' });
    await propose(lead.id);
    const res = await call('POST', `/api/leads/${lead.id}/send-email`, { subject: 'Olá', body: 'Uma pergunta.' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await leadRow(lead.id)).toMatchObject({ status: 'requested', quotedAmount: null });
  });

  const leftAlone = [
    ...LEAD_STATUSES.filter((s) => !(NOT_YET_QUOTED_STATUSES as readonly string[]).includes(s)).map(
      (status) => [status, null] as const,
    ),
    ...NOT_YET_QUOTED_STATUSES.map((status) => [status, '18000.00'] as const),
  ];
  it.each(leftAlone)('a %s lead with quoted amount %s is left as it was when shared', async (status, quotedAmount) => {
    const lead = await newLead({ status, quotedAmount });
    const proposal = await propose(lead.id);
    expect((await call('POST', `/api/proposals/${proposal.id}/delivered`, { via: 'link' })).json()).toEqual({
      leadQuoted: false,
    });
    expect(await leadRow(lead.id)).toMatchObject({ status, quotedAmount, lastInteractionAt: CREATED });
    expect(await entries(lead.id)).toEqual([]);
  });

  it('a proposal without a total quotes nothing; an unknown proposal or channel is refused in words', async () => {
    const lead = await newLead();
    const noPrice = await propose(lead.id, { ...BMW, vehiclePrice: '' });
    expect(noPrice.totalCost).toBeNull();
    expect((await call('POST', `/api/proposals/${noPrice.id}/delivered`, { via: 'link' })).json()).toEqual({
      leadQuoted: false,
    });
    expect(await leadRow(lead.id)).toMatchObject({ status: 'requested', quotedAmount: null });
    const missing = await call('POST', '/api/proposals/999999/delivered', { via: 'link' });
    expect(missing.statusCode).toBe(404);
    const bad = await call('POST', `/api/proposals/${noPrice.id}/delivered`, { via: 'fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('How the proposal was shared must be link or whatsapp');
  });
});
