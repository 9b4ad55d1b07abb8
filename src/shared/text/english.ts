import { NOT_SPECIFIED } from '#shared/schemas/leads.ts';

/** Initialisms said letter by letter whose letter name starts with a vowel sound: 'an MG', 'an XPeng'. */
const VOWEL_LETTER_NAMES = new Set('AEFHILMNORSX');
/** All-capital names said as words, not letters: 'a NIO', 'a SEAT', 'a FIAT'. */
const SAID_AS_WORDS = new Set(['NIO', 'SEAT', 'FIAT', 'MINI', 'RAM', 'SAAB', 'LADA', 'SMART', 'JEEP', 'OPEL', 'AUDI']);
/** Vowel letters sounded as a consonant ('a Uniti', 'a Eunos', 'a one-off'). */
const CONSONANT_SOUND = /^(uni|use|usa|usu|ura|uro|ute|uti|eu|ewe|one\b|once)/i;
/** A silent h ('an hour', 'an honest'). */
const SILENT_H = /^(hour|honest|honou?r|heir)/i;

/**
 * 'a' or 'an' before a phrase, by how its first word sounds in English: 'an Audi', 'a BMW',
 * 'an MG', 'a Hyundai', 'an 8 Series'. Used wherever a make follows the article.
 */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const word = phrase.trim().split(/[\s-]+/)[0] ?? '';
  if (!word) return 'a';
  // 'an 8', 'an 80', 'an 11', 'an 18'; 'a 110' (a hundred and ten).
  if (/^\d/.test(word)) return /^8|^1[18](\D|$)/.test(word) ? 'an' : 'a';
  const letters = word.replace(/[^A-Za-z]/g, '');
  // Said letter by letter: all capitals (BMW, MG, DS) or two capitals first (XPeng).
  const initialism = /^[A-Z]{2,5}$/.test(letters) ? !SAID_AS_WORDS.has(letters) : /^[A-Z]{2}/.test(letters);
  if (initialism) return VOWEL_LETTER_NAMES.has(letters[0]!) ? 'an' : 'a';
  if (SILENT_H.test(letters)) return 'an';
  if (CONSONANT_SOUND.test(letters)) return 'a';
  return /^[aeiou]/i.test(letters) ? 'an' : 'a';
}

/** The phrase after its article: 'an Audi A4'. */
export const withArticle = (phrase: string): string => `${indefiniteArticle(phrase)} ${phrase.trim()}`;

/**
 * A lead's or proposal's car for a sentence: 'an Audi A4', 'a BMW', or 'a car' when the make is
 * unknown ('Not specified' or empty).
 */
export function aCar(make: string | null | undefined, model?: string | null): string {
  const known = (s: string | null | undefined) => (s && s.trim() && s !== NOT_SPECIFIED ? s.trim() : '');
  const name = [known(make), known(model)].filter(Boolean).join(' ');
  return name ? withArticle(name) : 'a car';
}
