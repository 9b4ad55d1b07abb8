import type { TaxTableSet } from './types.ts';

export type AgeReductionBand = TaxTableSet['ageReduction'][number];

/**
 * The age-reduction band a car falls in, from the table itself: the band's upper bound in years
 * (null: no upper bound) and the bound of the band before it (null: the first band). A car in its
 * first year counts as 1. The engine takes the percentage from here, the screens the words.
 */
export function ageBandOf(
  bands: readonly AgeReductionBand[],
  ageYears: number,
): AgeReductionBand & { aboveYears: number | null } {
  const i = bands.findIndex((b) => b.upToYears === null || Math.max(ageYears, 1) <= b.upToYears);
  return { ...bands[i]!, aboveYears: i === 0 ? null : bands[i - 1]!.upToYears };
}

/**
 * The band in words, never a rounded-up age (a car 8 years 4 months old is 'more than 8 up to 9
 * years', not '9 years'). English: 'up to 1 year', 'more than 4 up to 5 years', 'more than 10
 * years'; Portuguese: 'até 1 ano', 'mais de 4 e até 5 anos', 'mais de 10 anos'.
 */
export function ageBandText(
  { aboveYears, upToYears }: { aboveYears: number | null; upToYears: number | null },
  lang: 'en' | 'pt' = 'en',
): string {
  if (lang === 'pt') {
    const anos = (n: number) => `${n} ${n === 1 ? 'ano' : 'anos'}`;
    if (aboveYears === null) return upToYears === null ? 'qualquer idade' : `até ${anos(upToYears)}`;
    if (upToYears === null) return `mais de ${anos(aboveYears)}`;
    return `mais de ${aboveYears} e até ${anos(upToYears)}`;
  }
  const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;
  if (aboveYears === null) return upToYears === null ? 'any age' : `up to ${years(upToYears)}`;
  if (upToYears === null) return `more than ${years(aboveYears)}`;
  return `more than ${aboveYears} up to ${years(upToYears)}`;
}
