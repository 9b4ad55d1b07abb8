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
 * An e-mail body as plain text. HTML bodies lose their markup by text rules alone: no parser, no
 * DOM, so nothing in them (scripts, handlers, images) can run or load; blocks end in line breaks.
 * The timeline shows this text, never the markup.
 */
export function emailBodyText(body: string | null | undefined): string {
  if (!body) return '';
  if (!/<\/?[a-z][^>]*>/i.test(body)) return body.trim();
  const text = body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|blockquote|h[1-6])\s*>/gi, '\n\n')
    .replace(/<\/(div|li|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
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
