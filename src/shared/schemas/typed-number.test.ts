import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MONEY_RULE } from '#shared/number-input.ts';
import { typedNumberValue } from './typed-number.ts';

const amount = z.preprocess(typedNumberValue(MONEY_RULE), z.number().nullable());

describe('typedNumberValue', () => {
  it('reads what staff type as a number', () => {
    expect(amount.parse('27 450')).toBe(27450);
    expect(amount.parse('1.234,56')).toBe(1234.56);
    expect(amount.parse('180,50')).toBe(180.5);
    expect(amount.parse(25000)).toBe(25000);
    expect(amount.parse('')).toBeNull();
  });

  it('leaves ambiguous text refused, never read as a decimal point (docs/rulings.md ruling 24)', () => {
    expect(amount.safeParse('27.450').success).toBe(false);
    expect(amount.safeParse('lots').success).toBe(false);
  });
});
