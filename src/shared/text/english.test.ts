import { describe, expect, it } from 'vitest';
import { VEHICLE_MAKES } from '#shared/vocabulary.ts';
import { aCar, indefiniteArticle, withArticle } from './english.ts';

describe('the English indefinite article', () => {
  const AN = new Set([
    'Abarth',
    'Aiways',
    'Alfa Romeo',
    'Alpine',
    'Aston Martin',
    'Audi',
    'Infiniti',
    'Isuzu',
    'Iveco',
  ]);
  AN.add('MG').add('Opel').add('XPeng');

  it.each(VEHICLE_MAKES.map((make) => [make, AN.has(make) ? 'an' : 'a'] as const))('%s takes %s', (make, article) => {
    expect(indefiniteArticle(make)).toBe(article);
  });

  it.each([
    ['BMW X5', 'a'],
    ['DS 7', 'a'],
    ['BYD Seal', 'a'],
    ['NIO ET5', 'a'],
    ['SEAT Leon', 'a'],
    ['SsangYong Korando', 'a'],
    ['LEVC TX', 'an'],
    ['e.GO Life', 'an'],
    ['Ineos Grenadier', 'an'],
    ['Uniti One', 'a'],
    ['hour', 'an'],
    ['Hyundai', 'a'],
    ['8 Series', 'an'],
    ['80', 'an'],
    ['11', 'an'],
    ['110', 'a'],
    ['3 Series', 'a'],
    ['', 'a'],
  ] as const)('%s takes %s', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it('puts the article before the phrase', () => {
    expect(withArticle(' Audi A4 ')).toBe('an Audi A4');
    expect(withArticle('Porsche')).toBe('a Porsche');
  });

  it('names a lead or proposal car, or a car when the make is unknown', () => {
    expect(aCar('Audi', 'A4')).toBe('an Audi A4');
    expect(aCar('Opel', 'Not specified')).toBe('an Opel');
    expect(aCar('Not specified', 'Not specified')).toBe('a car');
    expect(aCar(null, 'A4')).toBe('an A4');
    expect(aCar(null, null)).toBe('a car');
    expect(aCar('  ', '')).toBe('a car');
  });
});
