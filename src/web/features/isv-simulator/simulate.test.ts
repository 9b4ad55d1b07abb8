import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, type IsvForm } from './form-state.ts';
import { formToRequest, MISSING_FIRST_REGISTRATION, simulate } from './simulate.ts';

const now = new Date('2025-11-21T10:00:00Z');
/** A worked example: petrol, 1395 cm3, 135 g/km WLTP, 2020-06-01 to 2025-11-21, ISV €830,23. */
const example: IsvForm = {
  ...DEFAULT_FORM,
  cc: '1395',
  co2: '135',
  ciclo: 'wltp',
  matricula: '2020-06-01',
  declaracao: '2025-11-21',
};

describe('formToRequest', () => {
  it('speaks the API contract', () => {
    expect(formToRequest(example)).toEqual({
      fuel: 'petrol',
      engineCc: 1395,
      co2: 135,
      co2Cycle: 'wltp',
      firstRegistration: '2020-06-01',
      declarationDate: '2025-11-21',
      registrationCountry: 'eu',
      hybrid: 'none',
      electricRangeKm: undefined,
      euro6eBis: undefined,
      dieselParticlesBelowLimit: undefined,
      price: undefined,
      mileageKm: undefined,
    });
  });

  it('maps vehicle types, LPG, third countries and new cars', () => {
    expect(
      formToRequest({
        ...example,
        tipo: 'plugin',
        combustivel: 'gasoleo',
        autonomia: '',
        euro6eBis: true,
        particulas: true,
      }),
    ).toMatchObject({
      fuel: 'diesel',
      hybrid: 'plugin',
      electricRangeKm: 0,
      euro6eBis: true,
      dieselParticlesBelowLimit: true,
    });
    expect(formToRequest({ ...example, combustivel: 'gpl', pais: 'fora', estado: 'novo' })).toMatchObject({
      fuel: 'lpg',
      registrationCountry: 'non_eu',
      firstRegistration: null,
    });
    expect(formToRequest({ ...example, tipo: 'eletrico' })).toMatchObject({
      fuel: 'electric',
      engineCc: undefined,
      co2: undefined,
      co2Cycle: undefined,
      hybrid: 'none',
    });
  });
});

describe('simulate', () => {
  it('runs the shared engine: the worked example pays €830,23', () => {
    const s = simulate(example, now);
    expect(s.status).toBe('ok');
    if (s.status !== 'ok') return;
    expect(s.result.isv).toBe(830.23);
    expect(s.result.breakdown).toMatchObject({
      cylinderComponent: 1631.07,
      environmentalComponent: 98.57,
      ageReductionPercent: 52,
    });
  });

  it('defaults the declaration date to today in Lisbon', () => {
    const s = simulate({ ...example, declaracao: '' }, new Date('2025-12-31T23:30:00Z'));
    expect(s.status === 'ok' && s.input.declarationDate).toBe('2025-12-31');
    const newYear = simulate({ ...example, declaracao: '' }, new Date('2026-06-30T23:30:00Z'));
    expect(newYear.status === 'ok' && newYear.input.declarationDate).toBe('2026-07-01');
  });

  it('asks for the first registration of a used car instead of treating it as new', () => {
    expect(simulate({ ...example, matricula: '' }, now)).toEqual({
      status: 'invalid',
      errors: { matricula: MISSING_FIRST_REGISTRATION },
    });
  });

  it('names each wrong input in Portuguese, on the form field', () => {
    const s = simulate({ ...example, cc: 'abc', co2: '', preco: '-5' }, now);
    expect(s).toEqual({
      status: 'invalid',
      errors: {
        cc: 'A cilindrada deve ser um número inteiro positivo de cm³ (ex.: 1395).',
        preco: 'O preço não pode ser negativo.',
      },
    });
    expect(simulate({ ...example, cc: '', co2: '' }, now)).toEqual({
      status: 'invalid',
      errors: { cc: 'Indique a cilindrada em cm³.', co2: 'Indique as emissões de CO₂ em g/km.' },
    });
    expect(simulate({ ...example, matricula: '2025-12-01' }, now)).toEqual({
      status: 'invalid',
      errors: { matricula: 'A 1.ª matrícula não pode ser posterior à data da declaração.' },
    });
    expect(simulate({ ...example, declaracao: '2024-12-31' }, now)).toMatchObject({
      status: 'invalid',
      errors: { declaracao: expect.stringContaining('01/01/2025') },
    });
  });

  it('ignores inputs hidden for the chosen car', () => {
    const s = simulate(
      { ...DEFAULT_FORM, tipo: 'eletrico', estado: 'novo', cc: 'x', co2: 'y', autonomia: 'z', preco: '40000' },
      now,
    );
    expect(s.status === 'ok' && [s.result.isv, s.result.iva]).toEqual([0, 9200]);
    const petrol = simulate({ ...example, particulas: true, combustivel: 'gasolina' }, now);
    expect(petrol.status === 'ok' && petrol.input.dieselParticlesBelowLimit).toBe(false);
  });
});
