import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { QUOTE_FORM_MESSAGES as M } from '#shared/schemas/contact-form-rules.ts';
import { NOW, specific, brandModel } from './contact-form.test-helpers.ts';

describe('POST /api/contact-form', () => {
  let t: TestApp;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
  });
  afterAll(() => t.close());

  /** Each call from its own address unless told: the rate limit is per address. */
  const post = (payload: unknown, remoteAddress = `10.1.0.${++ipCounter}`) =>
    t.app.inject({ method: 'POST', url: '/api/contact-form', payload: payload as object, remoteAddress });
  const lastLead = async () => (await t.database.db.select().from(leads).orderBy(desc(leads.id)).limit(1))[0]!;

  it('creates a lead from a listing link: generated reference, form origin, geral, requested, utm and link kept', async () => {
    const res = await post(specific());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.success });
    const lead = await lastLead();
    expect(lead).toMatchObject({
      firstName: 'Ana',
      lastName: 'Maria Silva',
      email: 'ana.silva@example.pt',
      phone: '+351 912 000 111',
      vehicleMake: 'BMW',
      vehicleModel: '320',
      vehicleLink: specific().vehicleLink,
      origin: 'form',
      emailSource: 'geral',
      status: 'requested',
      manual: false,
      starred: false,
      utmSource: 'google',
      budget: null,
      vehicleYear: null,
      mileage: null,
      transmission: null,
      fuelType: null,
    });
    expect(lead.reference).toMatch(/^L\d{5,}$/);
  });

  it("puts the customer's request on the lead's timeline as its first entry, with the utm tracking", async () => {
    const asked = async (payload: Record<string, unknown>) => {
      expect((await post(payload)).statusCode).toBe(200);
      const lead = await lastLead();
      const rows = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id));
      return { lead, rows };
    };
    const { lead, rows } = await asked(specific({ utmMedium: 'cpc', utmCampaign: 'primavera' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'chat',
      title: 'BMW 320',
      description:
        `Asked on the website for a quote for the car in a listing:\n${specific().vehicleLink}\n` +
        'Came from: utm source google, utm medium cpc, utm campaign primavera',
      metadata: { event: 'quote_request' },
      createdBy: null,
      createdAt: lead.createdAt,
    });
    // Written at the lead's creation: lateness still counts from then.
    expect(lead.lastInteractionAt).toEqual(lead.createdAt);

    const wishes = await asked(brandModel({ utmSource: '' }));
    expect(wishes.rows.map((r) => r.description)).toEqual([
      'Asked on the website for a quote for a Volkswagen Golf GTE.\n' +
        'Budget €25\u00a0000 · from 2019 · up to 100\u00a0000 km · Automatic gearbox · Petrol hybrid',
    ]);

    // As staff read it: a Quote Request the product wrote, not editable.
    const { cookie } = await t.loginAs('user');
    const timeline = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/timeline`, headers: { cookie } });
    expect(timeline.json()).toEqual([
      expect.objectContaining({ kind: 'quote_request', label: 'Quote Request', editable: false, createdByName: null }),
    ]);
  });

  it('maps brand and model wishes onto the lead with the canonical vocabularies', async () => {
    expect((await post(brandModel())).statusCode).toBe(200);
    expect(await lastLead()).toMatchObject({
      vehicleMake: 'Volkswagen',
      vehicleModel: 'Golf GTE',
      budget: '25000.00',
      requestedBudget: '25000.00',
      vehicleYear: 2019,
      mileage: 100000,
      transmission: 'auto',
      fuelType: 'petrol_hybrid',
      vehicleLink: null,
    });
    const cases = [
      ['manual', 'gasoleo', 'manual', 'diesel'],
      ['automatica', 'hibrido_diesel', 'auto', 'diesel_hybrid'],
      ['manual', 'gasolina', 'manual', 'petrol'],
      ['manual', 'eletrico', 'manual', 'electric'],
      ['manual', 'outro', 'manual', 'other'],
    ] as const;
    for (const [transmission, fuelType, storedTransmission, storedFuel] of cases) {
      expect(
        (await post(brandModel({ transmission, fuelType, budget: '18500,50', mileage: 150000, year: 2015 })))
          .statusCode,
      ).toBe(200);
      expect(await lastLead()).toMatchObject({
        transmission: storedTransmission,
        fuelType: storedFuel,
        budget: '18500.50',
        mileage: 150000,
        vehicleYear: 2015,
      });
    }
  });

  it('takes make and model from the path of mobile.de, AutoScout24 and Standvirtual links, else Not specified', async () => {
    const cases: [string, string, string][] = [
      ['https://suchen.mobile.de/fahrzeuge/details.html?id=461901295&lang=pt', 'Not specified', 'Not specified'],
      [
        'https://suchen.mobile.de/auto-inserat/mercedes-benz-c-220-d-t-modell-amg-line/389563458.html',
        'Mercedes-Benz',
        'C 220',
      ],
      [
        'https://www.autoscout24.pt/anuncios/audi-a4-avant-35-tdi-s-tronic-diesel-preto-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        'Audi',
        'A4',
      ],
      [
        'https://www.autoscout24.it/annunci/land-rover-range-rover-sport-p400e-ibrida-bianco-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        'Land Rover',
        'Range Rover Sport',
      ],
      ['https://www.standvirtual.com/carros/anuncio/peugeot-308-sw-1-5-bluehdi-allure-ID8PaB1c.html', 'Peugeot', '308'],
      ['www.standvirtual.com/carros/anuncio/volkswagen-golf-1-6-tdi-ID8Pzz12.html', 'Volkswagen', 'Golf'],
      ['https://www.olx.pt/d/anuncio/bmw-320d-IDabc.html', 'Not specified', 'Not specified'],
      ['https://mobile.de.example.com/auto-inserat/bmw-x5/1.html', 'Not specified', 'Not specified'],
    ];
    for (const [link, make, model] of cases) {
      expect((await post(specific({ vehicleLink: link }))).statusCode, link).toBe(200);
      const lead = await lastLead();
      expect([lead.vehicleMake, lead.vehicleModel], link).toEqual([make, model]);
      expect(lead.vehicleLink, link).toBe(link.startsWith('http') ? link : `https://${link}`);
    }
  });

  it('notifies every staff user (new_lead, the reference in the title, the lead as related) and publishes lead_created', async () => {
    const staff = [await t.createUser(), await t.createUser({ role: 'admin' })];
    const events: HubEvent[] = [];
    const unsubscribe = t.hub.subscribe((e) => events.push(e));
    const res = await post(
      specific({
        name: 'Rui Costa',
        vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-308-sw-ID8PaB1c.html',
      }),
    );
    unsubscribe();
    expect(res.statusCode).toBe(200);
    const lead = await lastLead();
    for (const user of staff) {
      const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'new_lead',
        title: `New lead ${lead.reference}`,
        message: 'Rui Costa asked for a quote for a Peugeot 308 (listing on standvirtual.com) on the website.',
        relatedType: 'lead',
        relatedId: lead.id,
        isRead: false,
        createdBy: null,
      });
    }
    const allUsers = await t.database.db
      .select({ id: notifications.userId })
      .from(notifications)
      .where(eq(notifications.relatedId, lead.id));
    expect(allUsers.length).toBeGreaterThanOrEqual(2);
    expect(events).toContainEqual({ type: 'lead_created', data: { leadId: lead.id }, audience: { kind: 'staff' } });
    expect(events.find((e) => e.type === 'notification_created')).toMatchObject({
      data: { type: 'new_lead', relatedId: lead.id },
    });
  });
});
