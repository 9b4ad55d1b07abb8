/**
 * The car a customer's e-mail asks for (issue 30 item 6, ADR 063): make, model, year, fuel,
 * gearbox and budget from the subject and the customer's own text, in Portuguese and English
 * ('BMW 320d Touring de 2019', 'a 2019 Audi A4 Avant, automatic, diesel', 'até 28 000 €').
 * Untrusted text: at most READ_MAX characters are read, URLs and e-mail addresses are blanked
 * first, and every pattern is linear (ADR 057). What the text does not name stays null.
 */

import { FUEL_TYPES, VEHICLE_MAKES, type FuelType, type Transmission } from '#shared/vocabulary.ts';
import { findBudget, ownText } from './free-text-numbers.ts';

/** Only the top of a message is read: a customer names the car there. */
const READ_MAX = 5000;

export interface CarWishes {
  make: string | null;
  model: string | null;
  year: number | null;
  fuelType: FuelType | null;
  transmission: Transmission | null;
  /** Whole euros. */
  budget: number | null;
}

/** Other spellings customers use, folded (lower case, no accents), and the make they mean. */
const MAKE_ALIASES: Record<string, string> = {
  vw: 'Volkswagen',
  mercedes: 'Mercedes-Benz',
  'mercedes benz': 'Mercedes-Benz',
  merc: 'Mercedes-Benz',
  citroen: 'Citroën',
  'rolls royce': 'Rolls-Royce',
  'alfa romeo': 'Alfa Romeo',
  'land rover': 'Land Rover',
  'range rover': 'Land Rover',
  'aston martin': 'Aston Martin',
};

/** Makes that are also ordinary words: only read when written with a capital ('Seat', not 'seat belt'). */
const WORD_MAKES = new Set([
  'smart',
  'mini',
  'seat',
  'genesis',
  'alpine',
  'jaguar',
  'lotus',
  'dodge',
  'rover',
  'ds',
  'mg',
  'nio',
]);

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const MAKES = new Map<string, string>([
  ...VEHICLE_MAKES.map((m) => [fold(m).replace(/-/g, ' '), m] as [string, string]),
  ...Object.entries(MAKE_ALIASES),
]);
const LONGEST_MAKE = Math.max(...[...MAKES.keys()].map((k) => k.split(' ').length));

/** Words that end a model name: articles, prepositions and the words around a car in PT and EN. */
const STOP = new Set(
  (
    'de do da dos das e ou com sem em no na para por que a o um uma ano anos cor ate ' +
    'from of and or with without in on for the a an is that year years color colour up to ' +
    'diesel gasoleo gasolina petrol gasoline hibrido hybrid eletrico electrico electric gpl lpg plug ' +
    'automatico automatica automatic manual dsg caixa gearbox km kms quilometros orcamento budget euros eur'
  ).split(' '),
);
/** Body and trim words that continue a model even in lower case ('320d touring'). */
const TRIMS = new Set(
  'touring avant sportback sedan berlina carrinha estate break sw coupe cabrio cabriolet gti gtd amg hatchback variant xdrive quattro 4matic'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\d][\p{L}\d.+/-]{0,24}/gu;

interface Token {
  text: string;
  folded: string;
  /** A sentence or clause ends after it (punctuation or a line end). */
  ends: boolean;
  /** An amount or a share ('100 %', '2019 €'): never part of a name or a year. */
  amount: boolean;
}

/** The word without the punctuation after it: a loop, not a `[...]+$` pattern (linear, ADR 057). */
function trimTrailing(word: string, marks: string): string {
  let end = word.length;
  while (end > 0 && marks.includes(word[end - 1]!)) end--;
  return word.slice(0, end);
}

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].slice(0, 2000).map((m) => {
    const t = trimTrailing(m[0], '.,;:!?/-');
    const next = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    return {
      text: t,
      folded: fold(t).replace(/-/g, ' '),
      ends: t.length < m[0].length || /^[ \t]?[.,;:!?\n()]/.test(next),
      amount: /^[ \t\u00a0]?[%€]/.test(next),
    };
  });
}

const isYear = (t: Token, maxYear: number) =>
  !t.amount && /^(19|20)\d{2}$/.test(t.text) && +t.text >= 1950 && +t.text <= maxYear;
/** 'de' and 'e' are words, 'E' a Mercedes class: a stop word only as written in lower case. */
const isStop = (t: Token) => STOP.has(t.folded) && !/^\p{Lu}$/u.test(t.text);

/** The first make the tokens name, with where it ends. */
function findMake(list: Token[]): { make: string; at: number; end: number } | null {
  for (let i = 0; i < list.length; i++) {
    for (let n = Math.min(LONGEST_MAKE, list.length - i); n >= 1; n--) {
      const words = list.slice(i, i + n);
      const key = words.map((w) => w.folded).join(' ');
      const make = MAKES.get(key);
      if (!make) continue;
      if (n === 1 && WORD_MAKES.has(key) && !/^\p{Lu}/u.test(words[0]!.text)) continue;
      return { make, at: i, end: i + n };
    }
  }
  return null;
}

/** Up to three words after the make: the first any word that is not a stop word, then capitals, digits or trims. */
function findModel(list: Token[], from: number, maxYear: number): string | null {
  const words: string[] = [];
  if (list[from - 1]?.ends) return null;
  for (let i = from; i < list.length && words.length < 3; i++) {
    const token = list[i]!;
    if (isStop(token) || isYear(token, maxYear) || token.amount || MAKES.has(token.folded)) break;
    const strong = /\d/.test(token.text) || /^\p{Lu}/u.test(token.text) || TRIMS.has(token.folded);
    if (words.length > 0 && !strong) break;
    if (words.length === 0 && !strong && token.text.length < 2) break;
    words.push(token.text);
    if (token.ends) break;
  }
  return words.length ? words.join(' ').slice(0, 100) : null;
}

/** A year introduced ('de 2019', 'from 2019', 'ano 2019'), else one beside the car in its clause, else none. */
function findYear(list: Token[], car: { at: number; end: number } | null, maxYear: number): number | null {
  const intro = new Set(['de', 'do', 'from', 'ano', 'year', 'of', 'registo', 'matricula']);
  for (let i = 1; i < list.length; i++) {
    if (isYear(list[i]!, maxYear) && intro.has(list[i - 1]!.folded) && !list[i - 1]!.ends) return +list[i]!.text;
  }
  if (!car) return null;
  const before = list[car.at - 1];
  if (before && isYear(before, maxYear) && !before.ends) return +before.text;
  for (let i = car.end; i < Math.min(list.length, car.end + 5); i++) {
    if (list[i - 1]!.ends) break;
    if (isYear(list[i]!, maxYear)) return +list[i]!.text;
  }
  return null;
}

function findFuel(folded: string): FuelType | null {
  const plugin = /plug[ -]?in|\bphev\b/.test(folded);
  const hybrid = /\bhibrid[oa]\b|\bhybrid\b/.test(folded);
  const diesel = /\bdiesel\b|\bgasoleo\b/.test(folded);
  if (plugin) return 'plugin_hybrid';
  if (hybrid) return diesel ? 'diesel_hybrid' : 'petrol_hybrid';
  if (/\bele?c?tric[oa]?\b/.test(folded)) return 'electric';
  if (diesel) return 'diesel';
  if (/\bgasolina\b|\bpetrol\b|\bgasoline\b/.test(folded)) return 'petrol';
  if (/\bgpl\b|\blpg\b/.test(folded)) return 'lpg';
  return null;
}

function findTransmission(folded: string): Transmission | null {
  if (/\bautomatic[oa]?\b|\bautomatico\b|\bdsg\b|\btiptronic\b|\bsteptronic\b|\bcaixa auto\b/.test(folded))
    return 'auto';
  if (/\bmanual\b/.test(folded)) return 'manual';
  return null;
}

/**
 * What the subject and the customer's own text (quoted replies dropped) say about the car they
 * want. `maxYear` bounds a model year (next year at most).
 */
export function findCarWishes(subject: string, body: string, maxYear: number): CarWishes {
  const own = `${subject.slice(0, 500)}\n${ownText(body.slice(0, READ_MAX * 4)).slice(0, READ_MAX)}`;
  const text = own
    .replace(/\bhttps?:\/\/[^\s<>"]+/gi, ' ')
    .replace(/\bwww\.[^\s<>"]+/gi, ' ')
    .replace(/(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ');
  const list = tokens(text);
  const car = findMake(list);
  const folded = fold(text);
  const fuel = findFuel(folded);
  return {
    make: car?.make ?? null,
    model: car ? findModel(list, car.end, maxYear) : null,
    year: findYear(list, car, maxYear),
    fuelType: fuel && (FUEL_TYPES as readonly string[]).includes(fuel) ? fuel : null,
    transmission: findTransmission(folded),
    budget: findBudget(own),
  };
}
