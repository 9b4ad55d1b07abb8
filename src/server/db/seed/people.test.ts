import { describe, expect, it } from 'vitest';
import {
  asciiSlug,
  germanVatCheckDigit,
  germanVatId,
  isValidNif,
  pickPerson,
  portugueseAddress,
  portugueseMobile,
  portugueseNif,
} from './people.ts';
import { createRng } from './prng.ts';

describe('Portuguese people', () => {
  it('writes mobile numbers as +351 9xx xxx xxx with a real mobile prefix', () => {
    const rng = createRng('phones');
    for (let i = 0; i < 500; i++) expect(portugueseMobile(rng)).toMatch(/^\+351 9[1236]\d \d{3} \d{3}$/);
  });

  it('makes ASCII e-mails on reserved example domains from the name', () => {
    const rng = createRng('people');
    for (let i = 0; i < 300; i++) {
      const p = pickPerson(rng);
      expect(p.email).toMatch(/^[a-z0-9.]+@(example\.(com|net|org)|mail\.example\.pt)$/);
      expect(p.firstName.length).toBeGreaterThan(1);
      const family = asciiSlug(p.lastName.split(' ').at(-1)!);
      expect(p.email).toContain(family);
    }
  });

  it('is deterministic for a seed', () => {
    const a = Array.from(
      { length: 5 },
      (
        (rng) => () =>
          pickPerson(rng)
      )(createRng(11)),
    );
    const b = Array.from(
      { length: 5 },
      (
        (rng) => () =>
          pickPerson(rng)
      )(createRng(11)),
    );
    expect(a).toEqual(b);
  });

  it('strips accents for e-mail local parts', () => {
    expect(asciiSlug('Gonçalves')).toBe('goncalves');
    expect(asciiSlug('Inês Araújo')).toBe('ines.araujo');
  });

  it('generates NIFs with a valid check digit', () => {
    expect(isValidNif('123456789')).toBe(true);
    expect(isValidNif('123456780')).toBe(false);
    const rng = createRng('nif');
    for (let i = 0; i < 200; i++) {
      const nif = portugueseNif(rng, 5);
      expect(nif).toMatch(/^5\d{8}$/);
      expect(isValidNif(nif)).toBe(true);
    }
  });

  it('generates German VAT ids with the ISO 7064 check digit', () => {
    expect(germanVatCheckDigit('13669597')).toBe(6); // DE136695976, the Federal Central Tax Office's example
    const rng = createRng('vat');
    for (let i = 0; i < 100; i++) {
      const id = germanVatId(rng);
      expect(id).toMatch(/^DE\d{9}$/);
      expect(germanVatCheckDigit(id.slice(2, 10))).toBe(Number(id[10]));
    }
  });

  it('writes addresses with a Portuguese postal code', () => {
    const rng = createRng('addr');
    for (let i = 0; i < 100; i++) expect(portugueseAddress(rng)).toMatch(/, \d{4}-\d{3} [A-ZÀ-Ú][^,]+$/);
  });
});
