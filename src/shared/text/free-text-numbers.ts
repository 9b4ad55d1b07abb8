/**
 * Numbers in free text (e-mail bodies, notes, quote messages): the customer's phone, a listing
 * link, a reference and a budget (ADR 058). What sits inside a URL, an e-mail address, a date, a
 * VIN, a price or a reference is masked first, so no digits from it can become a phone; quoted
 * replies (lines starting with '>', and everything after 'On ... wrote:') are not read; a number
 * introduced by 'telefone', 'telemóvel', 'tlm', 'phone', 'contacto' (and their kin) wins over
 * any other. Every pattern here is linear: none can backtrack over a long input.
 */

import { marketplaceOf } from '#shared/listings/hosts.ts';

/** Text past this length is not read (a phone or link sits near the top of a message). */
const READ_MAX = 50_000;

/** The reply header that starts a quoted message in PT, EN, DE, ES, FR and Outlook. */
const QUOTE_HEADERS = [
  /^[ \t]*On [^\n]{1,300} wrote:[ \t]*$/m,
  /^[ \t]*No dia [^\n]{1,300} escreveu:[ \t]*$/m,
  /^[ \t]*Em [^\n]{1,300} escreveu:[ \t]*$/m,
  /^[ \t]*Am [^\n]{1,300} schrieb [^\n]{0,300}$/m,
  /^[ \t]*El [^\n]{1,300} escribió:[ \t]*$/m,
  /^[ \t]*Le [^\n]{1,300} a écrit ?:[ \t]*$/m,
  /^-{2,} ?(?:Original Message|Mensagem original|Ursprüngliche Nachricht) ?-{2,}$/im,
];

/** The part a person wrote now: quoted lines ('>') and the quoted message after a reply header dropped. */
export function ownText(text: string): string {
  let body = text.length > READ_MAX ? text.slice(0, READ_MAX) : text;
  for (const re of QUOTE_HEADERS) {
    const m = re.exec(body);
    if (m && m.index > 0) body = body.slice(0, m.index);
  }
  return body
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n');
}

/** Spans of `text` that are not free numbers, as [start, end) pairs. */
const PROTECTED: RegExp[] = [
  // URLs (with or without a scheme) and e-mail addresses.
  /\bhttps?:\/\/[^\s<>"]+/gi,
  /\bwww\.[^\s<>"]+/gi,
  /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  // Dates: 2024-05-01, 01/05/2024, 1.5.2024, 01-05-24.
  /\b\d{4}-\d{1,2}-\d{1,2}\b/g,
  /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/g,
  // A VIN: 17 letters and digits without I, O, Q, with a digit in it.
  /\b(?=[A-HJ-NPR-Z]{0,16}\d)[A-HJ-NPR-Z0-9]{17}\b/gi,
  // Prices: '25.000 €', '€ 25 000', 'EUR 25000', '25000 euros', '30k€'.
  /(?:€|\beur\b|\beuros?\b)[ \t\u00a0]?\d[\d \t\u00a0.,]{0,14}/gi,
  /\d[\d \t\u00a0.,]{0,14}(?:k ?)?(?:€|\beur\b|euros?\b)/gi,
  // References: 'Ref: L10042', 'Referência n.º 12345', 'Auftragsnummer 123456', 'Bestell-Nr. 1234567'.
  /\b(?:ref(?:er[eê]ncia|erence)?|refª|encomenda|pedido|order|bestell-?nr|auftragsnummer|inserat|anúncio|anuncio)\b[ \t.:#º°]{0,4}(?:n[.º°o]{1,3}[ \t]?)?[A-Z0-9][A-Z0-9-]{0,29}/gi,
];

function mask(text: string): string {
  const chars = text.split('');
  for (const re of PROTECTED) {
    for (const m of text.matchAll(re)) {
      for (let i = m.index; i < m.index + m[0].length; i++) if (chars[i] !== '\n') chars[i] = ' ';
    }
  }
  return chars.join('');
}

/** Words that introduce a phone number; the number after one of them (within three words) wins. */
const PHONE_WORDS = new Set([
  'telefone',
  'telemóvel',
  'telemovel',
  'telem',
  'tlm',
  'tlf',
  'tel',
  'telf',
  'phone',
  'mobile',
  'cell',
  'contacto',
  'contato',
  'contact',
  'telefon',
  'telefonnummer',
  'handy',
  'handynummer',
  'mobil',
  'whatsapp',
  'móvel',
]);

const introducedBy = (before: string) =>
  before
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .slice(-3)
    .some((w) => PHONE_WORDS.has(w));

/** Runs of digits with the punctuation people put in phone numbers (one line at most). */
const DIGIT_RUN = /(?:\+|\b00)?\d[\d \t\u00a0.()-]*/g;

export interface PhoneCandidate {
  /** As written, spaces collapsed. */
  text: string;
  /** Digits only, with the country code when written. */
  digits: string;
  introduced: boolean;
}

/** Whether the digits make a phone: Portuguese (9 digits from 9, 2 or 3), international, or a European national number. */
function isPhone(written: string, digits: string): boolean {
  const international = written.startsWith('+') || written.startsWith('00');
  const rest = written.startsWith('00') ? digits.slice(2) : digits;
  if (international) {
    if (rest.startsWith('351')) return /^351[239]\d{8}$/.test(rest);
    return rest.length >= 9 && rest.length <= 15 && !rest.startsWith('0');
  }
  if (digits.length === 9) return /^[239]/.test(digits);
  // A national number elsewhere in Europe starts with 0: 0171 2345678, 06 12 34 56 78, 020 7946 0958.
  return digits.length >= 10 && digits.length <= 12 && digits.startsWith('0') && !digits.startsWith('00');
}

/** The phone inside a run of digit groups ('2019 912 345 678' holds '912 345 678'), or null. */
function phoneInRun(run: string): string | null {
  const valid = (w: string) => {
    // Decimals and thousands ('25.000,50', '1,5', '25.000') are amounts, not phones.
    if (/,\d/.test(w) || /^\d{1,3}\.\d{3}$/.test(w)) return false;
    return isPhone(w, w.replace(/\D/g, ''));
  };
  if (valid(run)) return run;
  const groups = run.split(/[ \t\u00a0]+/).slice(0, 10);
  for (let start = 0; start < groups.length; start++) {
    for (let end = groups.length; end > start; end--) {
      const w = groups.slice(start, end).join(' ');
      if (valid(w)) return w;
    }
  }
  return null;
}

/** Every phone number in the text, in order, each marked when a phone word introduces it. */
export function phoneCandidates(text: string): PhoneCandidate[] {
  const masked = mask(ownText(text));
  const out: PhoneCandidate[] = [];
  for (const m of masked.matchAll(DIGIT_RUN)) {
    let run = m[0];
    while (run.length && !/[\d)]/.test(run.at(-1)!)) run = run.slice(0, -1);
    if (run.endsWith(')') && !run.includes('(')) run = run.slice(0, -1);
    const prev = m.index > 0 ? masked.charAt(m.index - 1) : '';
    const next = masked.charAt(m.index + run.length);
    if (/[\p{L}\d_/=]/u.test(prev) || /[\p{L}_]/u.test(next)) continue;
    const written = phoneInRun(run.replace(/[ \t\u00a0]+/g, ' ').trim());
    if (!written) continue;
    const at = m.index + Math.max(0, run.indexOf(written.split(' ')[0]!));
    out.push({
      text: written.replace(/[()]/g, '').replace(/ {2,}/g, ' '),
      digits: written.replace(/\D/g, ''),
      introduced: introducedBy(masked.slice(Math.max(0, at - 40), at)),
    });
  }
  return out;
}

/** The customer's phone number in the text: the one a phone word introduces, else the first. */
export function findPhone(text: string): string | null {
  const all = phoneCandidates(text);
  return (all.find((c) => c.introduced) ?? all[0])?.text.slice(0, 50) ?? null;
}

/**
 * A lead reference the message carries (docs/rulings.md ruling 6): 'Ref: L10042', 'Referência
 * AB12-34', 'reference #X1Y2Z3'. Letters and digits, with at least one digit; never from inside a
 * link or an e-mail address.
 */
export function findReference(text: string): string | null {
  const clean = (text.length > READ_MAX ? text.slice(0, READ_MAX) : text)
    .replace(/\bhttps?:\/\/[^\s<>"]+/gi, ' ')
    .replace(/(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ');
  for (const m of clean.matchAll(
    /\b(?:ref(?:er[eê]ncia|erence)?|refª)(?![\p{L}])[ \t.:#º°]{0,4}(?:n(?:[.º°o]{1,3}|r\.?)[ \t]?)?([A-Z0-9][A-Z0-9-]{1,29})(?![\w-])/giu,
  )) {
    const ref = m[1]!.toUpperCase();
    if (/\d/.test(ref)) return ref;
  }
  return null;
}

/** Words that introduce the customer's budget. */
const BUDGET =
  /(?:orçamento|orcamento|budget|até|ate|no máximo|máximo|maximo|max\.?|up to|not more than|bis zu|bis|höchstens|limite)[ \t:]{0,3}(?:de|of|von|é|e|is|:)?[ \t]{0,3}(?:€|eur)?[ \t\u00a0]?(\d{1,3}(?:[ .,\u00a0]\d{3})+|\d{1,7}(?:[.,]\d{1,2})?)[ \t\u00a0]?(k|mil)?/giu;

/** The budget the customer names ('até 28 000 €', 'budget of €30,000', 'bis 25.000 EUR', 'orçamento 30k'), in whole euros. */
export function findBudget(text: string): number | null {
  const own = ownText(text);
  for (const m of own.matchAll(BUDGET)) {
    const after = own.slice(m.index + m[0].length, m.index + m[0].length + 8);
    const before = own.slice(Math.max(0, m.index - 3), m.index);
    const euro = /€|eur/i.test(m[0]) || /^[ \t\u00a0]?(?:€|eur|euros?)\b/i.test(after) || /^[ \t\u00a0]?€/.test(after);
    const thousands = !!m[2];
    if (!euro && !thousands) continue;
    if (/\d$/.test(before)) continue;
    let n = m[1]!.replace(/[ .,\u00a0]/g, (sep, i: number, s: string) =>
      /^\d{3}(?!\d)/.test(s.slice(i + 1)) ? '' : sep,
    );
    n = n.replace(',', '.');
    let value = Number(n);
    if (!Number.isFinite(value)) continue;
    if (thousands) value *= 1000;
    value = Math.round(value);
    if (value >= 500 && value <= 5_000_000) return value;
  }
  return null;
}

/** The first marketplace listing link in the text (mobile.de, AutoScout24, Standvirtual...), trailing punctuation dropped. */
export function findListingLink(text: string): string | null {
  for (const m of ownText(text).matchAll(/https?:\/\/[^\s<>"')\]]+/gi)) {
    let url = m[0];
    while (url.length && '.,;:!?'.includes(url.at(-1)!)) url = url.slice(0, -1);
    if (marketplaceOf(url)) return url.slice(0, 2000);
  }
  return null;
}
