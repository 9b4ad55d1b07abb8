/**
 * The typed-number rules of the car measures the extension panel and the back office both read
 * (ADR 052): a CO2 figure in g/km and an electric range in km, typed the Portuguese way or not
 * ('119,4', '1.050 km'). One parser (number-input.ts) reads them; nothing is guessed.
 */
import { parseNumberInput, type NumberInputLang, type NumberInputRule } from './number-input.ts';

/** CO2 in g/km: one decimal at most (listings print '119,4'); the tax tables read whole grams. */
export const CO2_INPUT_RULE: NumberInputRule = { decimals: 1, units: ['g/km', 'g'], max: 999 };

/** Electric range in whole km. */
export const RANGE_INPUT_RULE: NumberInputRule = { decimals: 0, units: ['km'], max: 9999 };

/**
 * A measure as typed: the number (rounded to a whole unit, as the tax tables read it), null when
 * empty, or undefined with the parser's message when it cannot be read.
 */
export function readWholeMeasure(
  text: string,
  rule: NumberInputRule,
  lang: NumberInputLang,
): { value: number | null } | { value: undefined; message: string } {
  if (!text.trim()) return { value: null };
  const read = parseNumberInput(text, { ...rule, lang });
  if (!read.ok) return { value: undefined, message: read.message };
  return { value: Math.round(Number(read.value)) };
}
