import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { insertLead } from '#test/factories.ts';
import { importMessage } from './mail-import.ts';
import { parseMessage } from './mail-message.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
let seq = 0;

/** A plain message as a customer's mail program writes it, read by the same parser the sync uses. */
const message = (from: string, subject: string, body: string) =>
  parseMessage(
    Buffer.from(
      [
        `From: ${from}`,
        'To: geral@example.test',
        `Subject: ${subject}`,
        `Message-ID: <fields.${Date.now()}.${++seq}@cliente.test>`,
        `Date: ${NOW.toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '',
      ].join('\r\n'),
    ),
  );

/** Issue 30 item 6 (ADR 063): a lead made from an e-mail carries what the e-mail says, and nothing else. */
describe('leads from e-mail: the car fields', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const importOne = async (from: string, subject: string, body: string) => {
    const msg = await message(from, subject, body);
    const result = await database.db.transaction((tx) =>
      importMessage(tx, msg, {
        account: 'geral',
        companyAddresses: ['geral@example.test', 'comercial@example.test'],
        providerKey: null,
        threadKey: null,
        now: NOW,
      }),
    );
    expect(result.outcome).toBe('lead_created');
    const [row] = await database.db.select().from(leads).where(eq(leads.id, result.leadId!));
    return row!;
  };

  it('fills make, model, year, fuel, gearbox and budget from a Portuguese e-mail', async () => {
    const lead = await importOne(
      'Marta Reis <marta@cliente.test>',
      'Pedido de orçamento',
      'Boa tarde,\nProcuro um BMW 320d Touring de 2019, gasóleo, caixa automática, até 28 000 €.\nObrigada',
    );
    expect(lead).toMatchObject({
      vehicleMake: 'BMW',
      vehicleModel: '320d Touring',
      vehicleYear: 2019,
      fuelType: 'diesel',
      transmission: 'auto',
      budget: '28000.00',
      requestedBudget: '28000.00',
      origin: 'email',
    });
  });

  it('reads an English e-mail, the subject included', async () => {
    const lead = await importOne(
      'John Doe <john@cliente.test>',
      'Quote for a 2018 Audi A4 Avant',
      'Hello, a petrol one with a manual gearbox please. My budget is €30,000.',
    );
    expect(lead).toMatchObject({
      vehicleMake: 'Audi',
      vehicleModel: 'A4 Avant',
      vehicleYear: 2018,
      fuelType: 'petrol',
      transmission: 'manual',
      budget: '30000.00',
    });
  });

  it('takes make and model from a listing link first, the rest from the text', async () => {
    const link =
      'https://www.autoscout24.pt/anuncios/bmw-320-d-touring-diesel-azul-0a1b2c3d-1111-2222-3333-444455556666';
    const lead = await importOne(
      'Rui <rui@cliente.test>',
      'Este carro',
      `Queria um Audi A3 ou então este: ${link}\nDe 2020 de preferência, orçamento 35.000 €`,
    );
    expect(lead.vehicleMake).toBe('BMW');
    expect(lead.vehicleModel).not.toBe('A3');
    expect(lead).toMatchObject({ vehicleLink: link, vehicleYear: 2020, budget: '35000.00' });
  });

  it("keeps what the e-mail does not name empty, never 'Not specified'", async () => {
    const lead = await importOne('Sofia <sofia@cliente.test>', 'Olá', 'Podem ligar-me? Quero importar um carro.');
    expect(lead).toMatchObject({
      vehicleMake: '',
      vehicleModel: '',
      vehicleYear: null,
      fuelType: null,
      transmission: null,
      budget: null,
      requestedBudget: null,
    });
  });

  it("the migration empties 'Not specified' on leads from e-mail only", async () => {
    const mailed = await insertLead(database.db, {
      origin: 'email',
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
    });
    const typed = await insertLead(database.db, {
      origin: 'manual',
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
    });
    const named = await insertLead(database.db, {
      origin: 'email',
      vehicleMake: 'Audi',
      vehicleModel: 'Not specified',
    });
    const file = readFileSync(
      new URL('../../../../migrations/0020_email_leads_unknown_car_empty.sql', import.meta.url),
      'utf8',
    );
    for (const statement of file.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));
    const car = async (id: number) => {
      const [row] = await database.db.select().from(leads).where(eq(leads.id, id));
      return [row!.vehicleMake, row!.vehicleModel];
    };
    expect(await car(mailed.id)).toEqual(['', '']);
    expect(await car(typed.id)).toEqual(['Not specified', 'Not specified']);
    expect(await car(named.id)).toEqual(['Audi', '']);
  });
});
