import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTax } from '#shared/tax/calculate.ts';
import type { TaxInput } from '#shared/tax/types.ts';
import { buildBreakdown, type BreakdownLine } from './breakdown.ts';

const example: TaxInput = {
  fuel: 'petrol',
  engineCc: 1395,
  co2: 135,
  co2Cycle: 'wltp',
  firstRegistration: '2020-06-01',
  declarationDate: '2025-11-21',
  registrationCountry: 'eu',
  hybrid: 'none',
  electricRangeKm: 0,
  euro6eBis: false,
  dieselParticlesBelowLimit: false,
};

const cents = (lines: BreakdownLine[], key: BreakdownLine['key']) => lines.find((l) => l.key === key)?.cents;

describe('buildBreakdown', () => {
  it.each([
    ['2025-08-01', 'até 1 ano'],
    ['2021-08-01', 'mais de 4 e até 5 anos'],
    ['2020-11-21', 'mais de 4 e até 5 anos'],
    ['2020-11-20', 'mais de 5 e até 6 anos'],
    ['2010-01-01', 'mais de 10 anos'],
  ])('names the age band of the table (first registered %s): %s', (firstRegistration, band) => {
    const input = { ...example, firstRegistration };
    const line = buildBreakdown(input, calculateTax(input)).find((l) => l.key === 'reducao')!;
    expect(line.explanation).toContain(`com ${band} (da 1.ª matrícula`);
  });

  it('itemises the worked example like the customs liquidation', () => {
    const lines = buildBreakdown(example, calculateTax(example));
    expect(lines.map((l) => [l.key, l.detail ?? null, l.cents])).toEqual([
      ['cilindrada', null, 163_107],
      ['ambiental', null, 9_857],
      ['particulas', null, 0],
      ['subtotal', null, 172_964],
      ['reducao', '52%', -89_941],
      ['intermedia', '100%', 0],
      ['isv', null, 83_023],
      ['total', null, 83_023],
    ]);
    expect(lines[0]!.explanation).toBe(
      'Depende do tamanho do motor: 1.395 cm³ × €5,61 − €6\u00a0194,88 (escalão mais de 1.250 cm³).',
    );
    expect(lines[1]!.explanation).toContain('tabela gasolina WLTP, escalão 131 a 145 g/km');
    expect(lines[4]!.explanation).toContain('mais de 5 e até 6 anos');
  });

  it('shows IVA when a price or the odometer is given', () => {
    const input = { ...example, firstRegistration: '2025-08-01', price: 20_000, mileageKm: 3_000 };
    const lines = buildBreakdown(input, calculateTax(input));
    const isv = cents(lines, 'isv')!;
    expect(cents(lines, 'iva')).toBe(Math.round((2_000_000 + isv) * 0.23));
    expect(cents(lines, 'total')).toBe(isv + cents(lines, 'iva')!);
    const noPrice = { ...input, price: undefined };
    expect(cents(buildBreakdown(noPrice, calculateTax(noPrice)), 'iva')).toBeNull();
  });

  it('explains a qualifying plug-in and an electric car', () => {
    const plugin = { ...example, hybrid: 'plugin' as const, co2: 30, electricRangeKm: 60 };
    const line = buildBreakdown(plugin, calculateTax(plugin)).find((l) => l.key === 'intermedia')!;
    expect(line.detail).toBe('25%');
    expect(line.explanation).toContain('paga 25% do imposto');
    const electric = { ...example, fuel: 'electric' as const, engineCc: undefined, co2: undefined };
    expect(buildBreakdown(electric, calculateTax(electric)).map((l) => l.key)).toEqual(['isv', 'total']);
  });

  it('says why the ISV is 0 when the computed tax is negative', () => {
    const tiny = { ...example, engineCc: 600, co2: 10, firstRegistration: null };
    const lines = buildBreakdown(tiny, calculateTax(tiny));
    expect(cents(lines, 'isv')).toBe(0);
    expect(lines.find((l) => l.key === 'isv')!.explanation).toContain('valor negativo');
  });

  it('lines always add up to the engine figures', () => {
    const input = fc.record({
      fuel: fc.constantFrom('petrol' as const, 'diesel' as const, 'lpg' as const),
      engineCc: fc.integer({ min: 1, max: 8_000 }),
      co2: fc.integer({ min: 0, max: 400 }),
      co2Cycle: fc.constantFrom('wltp' as const, 'nedc' as const),
      firstRegistration: fc.option(
        fc
          .date({ min: new Date('2000-01-01'), max: new Date('2025-11-21'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      ),
      registrationCountry: fc.constantFrom('eu' as const, 'non_eu' as const),
      hybrid: fc.constantFrom('none' as const, 'hybrid' as const, 'plugin' as const),
      electricRangeKm: fc.integer({ min: 0, max: 120 }),
      dieselParticlesBelowLimit: fc.boolean(),
      price: fc.option(
        fc.integer({ min: 0, max: 20_000_000 }).map((c) => c / 100),
        { nil: undefined },
      ),
      mileageKm: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(input, (i) => {
        const full: TaxInput = { ...i, declarationDate: '2025-11-21', euro6eBis: false };
        const result = calculateTax(full);
        const lines = buildBreakdown(full, result);
        const c = (k: BreakdownLine['key']) => cents(lines, k) ?? 0;
        expect(c('cilindrada') + c('ambiental') + c('particulas')).toBe(c('subtotal'));
        const beforeFloor = c('subtotal') + c('reducao') + c('intermedia');
        expect(Math.max(beforeFloor, 0)).toBe(Math.round(result.isv * 100));
        expect(c('total')).toBe(Math.round((result.isv + result.iva) * 100));
      }),
      { numRuns: 500 },
    );
  });
});
