import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { QUOTE_FORM_MESSAGES as M } from '#shared/schemas/contact-form-rules.ts';
import { CONTACT_FORM_RATE_LIMIT } from './contact-form.routes.ts';
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
  const leadCount = async () => Number((await t.database.db.select({ n: count() }).from(leads))[0]!.n);

  it('blocks a filled honeypot first, then a fill under 3 s, whatever else is wrong, and creates nothing', async () => {
    const before = await leadCount();
    const honeypot = await post(specific({ honeypot: 'http://spam.example', formDuration: 10, name: '' }));
    expect(honeypot.statusCode).toBe(400);
    expect(honeypot.json()).toMatchObject({ code: 'VALIDATION', message: M.honeypot });
    for (const formDuration of [0, 2999, undefined, 'soon']) {
      const res = await post(specific({ formDuration, name: '' }));
      expect(res.statusCode, String(formDuration)).toBe(400);
      expect(res.json().message, String(formDuration)).toBe(M.tooFast);
    }
    expect((await post(specific({ formDuration: 3000 }))).statusCode).toBe(200);
    expect(await leadCount()).toBe(before + 1);
  });

  it('answers 400 with the broken rule per field and creates nothing', async () => {
    const before = await leadCount();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [specific({ name: '  ' }), { name: M.name }],
      [specific({ email: '' }), { email: M.email }],
      [specific({ email: 'ana@' }), { email: M.email }],
      [specific({ phone: '' }), { phone: M.phone }],
      [specific({ phone: '12ab' }), { phone: M.phoneInvalid }],
      [specific({ vehicleChoice: 'other' }), { vehicleChoice: M.vehicleChoice }],
      [specific({ vehicleLink: '' }), { vehicleLink: M.vehicleLink }],
      [specific({ vehicleLink: 'o carro azul' }), { vehicleLink: M.vehicleLinkInvalid }],
      [brandModel({ brand: '' }), { brand: M.brand }],
      [brandModel({ model: '' }), { model: M.model }],
      [brandModel({ budget: '' }), { budget: M.budget }],
      [brandModel({ budget: 'muito' }), { budget: M.budgetInvalid }],
      [brandModel({ year: '' }), { year: M.year }],
      [brandModel({ year: '1989' }), { year: M.yearRange(2026) }],
      [brandModel({ year: '2027' }), { year: M.yearRange(2026) }],
      [brandModel({ mileage: '' }), { mileage: M.mileage }],
      [brandModel({ mileage: 'cem mil' }), { mileage: M.mileageInvalid }],
      [brandModel({ transmission: '' }), { transmission: M.transmission }],
      [brandModel({ transmission: 'auto' }), { transmission: M.transmission }],
      [brandModel({ fuelType: '' }), { fuelType: M.fuelType }],
      [brandModel({ fuelType: 'petrol' }), { fuelType: M.fuelType }],
      [
        {
          ...brandModel(),
          name: '',
          email: 'x',
          phone: '',
          brand: '',
          model: '',
          budget: '',
          year: '',
          mileage: '',
          transmission: '',
          fuelType: '',
        },
        {
          name: M.name,
          email: M.email,
          phone: M.phone,
          brand: M.brand,
          model: M.model,
          budget: M.budget,
          year: M.year,
          mileage: M.mileage,
          transmission: M.transmission,
          fuelType: M.fuelType,
        },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual({ code: 'VALIDATION', message: M.invalid, fields });
    }
    // The brand_model fields are not asked of a listing link, and the link is not asked of brand_model.
    expect((await post(brandModel({ vehicleLink: '' }))).statusCode).toBe(200);
    expect((await post(specific({ brand: '', fuelType: 'nonsense' }))).statusCode).toBe(200);
    expect(await leadCount()).toBe(before + 2);
  });

  it('answers a payload that is not a form with 400 in Portuguese and creates nothing', async () => {
    const before = await leadCount();
    for (const payload of [[1, 2], { ...specific(), name: { first: 'Ana' } }, { ...specific(), formDuration: [1] }]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(
        /Pedido inválido|Por favor, preencha o formulário com calma\./,
      );
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/contact-form',
      payload: 'name=Ana',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.9.9.9',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it('limits requests per address with a Portuguese message, counting blocked ones too', async () => {
    const ip = '10.200.0.1';
    const bot = specific({ honeypot: 'x' });
    for (let i = 0; i < CONTACT_FORM_RATE_LIMIT.max; i++) expect((await post(bot, ip)).statusCode).toBe(400);
    const limited = await post(specific(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: M.rateLimited(60) });
    expect(limited.json().message).toMatch(
      /^Recebemos demasiados pedidos a partir deste endereço\. Por favor, tente novamente dentro de \d+ minutos?\.$/,
    );
    // Another address is not affected.
    expect((await post(specific(), '10.200.0.2')).statusCode).toBe(200);
  });
});
