import { describe, expect, it } from 'vitest';
import { findCarWishes, type CarWishes } from './car-wishes.ts';

const NONE: CarWishes = { make: null, model: null, year: null, fuelType: null, transmission: null, budget: null };

/** [what, subject, body, expected fields] — PT and EN e-mails as customers write them. */
const CASES: Array<[string, string, string, Partial<CarWishes>]> = [
  [
    'the issue: BMW 320d Touring de 2019, até 28 000 €',
    'Pedido de orçamento',
    'Boa tarde, procuro um BMW 320d Touring de 2019, gasóleo, caixa automática, até 28 000 €. Obrigado',
    { make: 'BMW', model: '320d Touring', year: 2019, fuelType: 'diesel', transmission: 'auto', budget: 28000 },
  ],
  [
    'English, year first, budget of',
    'Import a car',
    'Hello, I am looking for a 2018 Audi A4 Avant, manual, petrol. My budget of €30,000 is firm.',
    { make: 'Audi', model: 'A4 Avant', year: 2018, fuelType: 'petrol', transmission: 'manual', budget: 30000 },
  ],
  [
    'the subject names the car, the body the year',
    'Mercedes Classe C 220',
    'Olá, gostaria de uma proposta para um carro do ano 2020. Híbrido plug-in.',
    { make: 'Mercedes-Benz', model: 'Classe C 220', year: 2020, fuelType: 'plugin_hybrid' },
  ],
  [
    'alias VW, lower case make, electric',
    '',
    'queria importar um vw ID.3 100% elétrico de 2021',
    { make: 'Volkswagen', model: 'ID.3', year: 2021, fuelType: 'electric' },
  ],
  [
    'hyphenated make, hybrid diesel',
    'Mercedes-Benz E 300de',
    'Prefiro híbrido diesel.',
    { make: 'Mercedes-Benz', model: 'E 300de', fuelType: 'diesel_hybrid' },
  ],
  ['two-word make', '', 'Interesse num Alfa Romeo Giulia de 2019', { make: 'Alfa Romeo', model: 'Giulia', year: 2019 }],
  ['Citroën without the accent', 'Citroen C5 Aircross', '', { make: 'Citroën', model: 'C5 Aircross' }],
  [
    "a word make in lower case is a word ('seat belt')",
    '',
    'The seat belt on my mini van is broken, can you help?',
    {},
  ],
  [
    'a word make with a capital is the make',
    '',
    'Procuro um Seat Leon ST de 2017',
    { make: 'Seat', model: 'Leon ST', year: 2017 },
  ],
  [
    'a model stops at a stop word, a lower-case word, a year',
    '',
    'Gostaria de um Peugeot 308 em azul',
    { make: 'Peugeot', model: '308' },
  ],
  [
    'make without a model',
    '',
    'Quero um BMW de 2019 até 25.000 euros',
    { make: 'BMW', model: null, year: 2019, budget: 25000 },
  ],
  [
    'a year far from the car and without a word before it is not read',
    '',
    'Tesla. Desde 2015 que sou cliente',
    { make: 'Tesla' },
  ],
  ['a date, a phone and a price are not a year', '', 'Ligue 912 345 678 a 12/05/2026; tenho 2019 € de entrada', {}],
  [
    'nothing in a link or an address is read',
    '',
    'Vejam https://example.com/bmw-320d-2019 ou escrevam para audi2018@example.com',
    {},
  ],
  [
    'a quoted reply is not the customer',
    'Re: proposta',
    'Obrigado, aguardo.\n\nNo dia 1 de maio, Loja escreveu:\n> Temos um Porsche 911 de 2019 a gasolina',
    {},
  ],
  ['a year too far ahead is no year', '', 'Toyota Corolla de 2099', { make: 'Toyota', model: 'Corolla' }],
];

describe('findCarWishes', () => {
  it.each(CASES)('%s', (_what, subject, body, expected) => {
    expect(findCarWishes(subject, body, 2027)).toEqual({ ...NONE, ...expected });
  });

  it('reads a hostile body in bounded time and only its top', () => {
    const body = `${'BMW '.repeat(200_000)}\nAudi A3`;
    const started = Date.now();
    const found = findCarWishes('', body, 2027);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(found.make).toBe('BMW');
    expect(findCarWishes('', `${'x'.repeat(30_000)} Audi A3 de 2019`, 2027)).toEqual(NONE);
  });
});
