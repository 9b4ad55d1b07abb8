import { describe, expect, it } from 'vitest';
import { isvSimulateSchema, toTaxInput } from '#shared/schemas/isv.ts';
import { GENERIC_FIELD_MESSAGE, portugueseFieldMessage } from './field-messages.ts';

const now = new Date('2025-11-21T10:00:00Z');
const car = { fuel: 'petrol', engineCc: 1395, co2: 135 };

/** Every plain-words message of the shared contract, produced by asking it. */
function contractMessages(payload: Record<string, unknown>): [string, string][] {
  const parsed = isvSimulateSchema.safeParse(payload);
  if (!parsed.success) return parsed.error.issues.map((i) => [String(i.path[0]), i.message]);
  const checked = toTaxInput(parsed.data, now);
  return 'fields' in checked ? Object.entries(checked.fields) : [];
}

const BAD: Record<string, unknown>[] = [
  { fuel: 'hydrogen', engineCc: 1, co2: 1 },
  { fuel: 'petrol' },
  { fuel: 'diesel' },
  { fuel: 'lpg' },
  ...[0, 1.5, 'x', 30_000].map((engineCc) => ({ ...car, engineCc })),
  ...[-1, 1.5, 'x', 3_000].map((co2) => ({ ...car, co2 })),
  { ...car, co2Cycle: 'epa' },
  ...['2021-02-30', 20210101, '2026-01-01'].map((firstRegistration) => ({ ...car, firstRegistration })),
  ...['2024-06-01', 'ontem'].map((declarationDate) => ({ ...car, declarationDate })),
  { ...car, registrationCountry: 'us' },
  { ...car, hybrid: 'mild' },
  { fuel: 'electric', hybrid: 'plugin' },
  ...[-1, 'x', 3_000].map((electricRangeKm) => ({ ...car, hybrid: 'plugin', electricRangeKm })),
  { ...car, euro6eBis: 'sim' },
  { ...car, dieselParticlesBelowLimit: 'sim' },
  ...[-1, 'x', 1e9].map((price) => ({ ...car, price })),
  ...[-1, 1.5, 'x', 1e7].map((mileageKm) => ({ ...car, mileageKm })),
];

describe('portugueseFieldMessage', () => {
  const messages = BAD.flatMap(contractMessages);

  it('has Portuguese for every message the contract writes', () => {
    expect(messages.length).toBeGreaterThanOrEqual(BAD.length);
    const untranslated = messages.filter(
      ([field, message]) => portugueseFieldMessage(field, message) === GENERIC_FIELD_MESSAGE,
    );
    expect(untranslated).toEqual([]);
  });

  it.each([
    ['engineCc', 'engineCc is required for a petrol car', 'Indique a cilindrada em cm³.'],
    [
      'engineCc',
      'engineCc must be a positive whole number of cm3',
      'A cilindrada deve ser um número inteiro positivo de cm³ (ex.: 1395).',
    ],
    ['engineCc', 'engineCc is above 20000 cm3', 'A cilindrada não pode passar de 20.000 cm³.'],
    ['co2', 'co2 is required for an LPG car', 'Indique as emissões de CO₂ em g/km.'],
    ['co2', 'co2 cannot be negative', 'O CO₂ não pode ser negativo.'],
    [
      'firstRegistration',
      'firstRegistration is after the declaration date',
      'A 1.ª matrícula não pode ser posterior à data da declaração.',
    ],
    ['firstRegistration', 'firstRegistration must be a real date written YYYY-MM-DD', 'Indique uma data válida.'],
    [
      'declarationDate',
      'declarationDate must be on or after 2025-01-01 (no tax tables before it)',
      'A data da declaração tem de ser 01/01/2025 ou posterior (não há tabelas de ISV anteriores).',
    ],
    ['price', 'price must be a number of euros', 'Indique o preço em euros (ex.: 15.000).'],
    [
      'mileageKm',
      'mileageKm must be a whole number of km',
      'Indique os quilómetros como número inteiro (ex.: 85.000).',
    ],
  ])('%s: %s', (field, message, portuguese) => expect(portugueseFieldMessage(field, message)).toBe(portuguese));

  it('falls back to a neutral Portuguese message for a message it does not know', () => {
    expect(portugueseFieldMessage('co2', 'co2 is made of unobtainium')).toBe(GENERIC_FIELD_MESSAGE);
    expect(portugueseFieldMessage('colour', 'colour must be red')).toBe(GENERIC_FIELD_MESSAGE);
  });
});
