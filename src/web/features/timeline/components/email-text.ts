import { stripHtml, tidyLines } from '#shared/text/html-to-plain.ts';
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  ordm: 'º',
  ordf: 'ª',
  deg: '°',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  agrave: 'à',
  acirc: 'â',
  ecirc: 'ê',
  ocirc: 'ô',
  atilde: 'ã',
  otilde: 'õ',
  ccedil: 'ç',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  Agrave: 'À',
  Acirc: 'Â',
  Ecirc: 'Ê',
  Ocirc: 'Ô',
  Atilde: 'Ã',
  Otilde: 'Õ',
  Ccedil: 'Ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  Uuml: 'Ü',
  Ouml: 'Ö',
  Auml: 'Ä',
  szlig: 'ß',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name] ?? match;
  });
}

/**
 * HTML is told by its own elements (a known tag, a closing tag, a doctype or a comment), not by
 * any '<...>': a plain-text 'Ana <ana@example.pt> wrote:' or '<about the car>' stays text.
 */
const HTML_MARKERS =
  /<!doctype html|<!--|<\/[a-z][a-z0-9]*\s*>|<(html|head|body|meta|style|script|div|p|br|span|table|tbody|thead|tr|td|th|a|b|i|u|em|strong|font|img|ul|ol|li|blockquote|pre|hr|h[1-6]|center|section|article|header|footer)(\s[^<>]*)?\/?>/i;

/**
 * An e-mail body as plain text. Plain text is shown as it is, angle brackets and all (React writes
 * it as text, so nothing in it is markup). HTML bodies lose their markup by text rules alone: no
 * parser, no DOM, so nothing in them (scripts, handlers, images) can run or load; blocks end in
 * line breaks. One linear pass (html-to-plain.ts): a hostile body never freezes the page. The timeline shows this text, never the markup.
 */
export function emailBodyText(body: string | null | undefined): string {
  if (!body) return '';
  if (!HTML_MARKERS.test(body)) return body.trim();
  return tidyLines(decodeEntities(stripHtml(body))).trim();
}

/** A 'datetime-local' value (browser time) for an instant, and back to an ISO instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
