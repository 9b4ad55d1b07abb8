// Small string helpers to read the data a page embeds (script elements, meta tags) without a DOM,
// so the same code runs on the server, in the browser and in the extension's content script.

export interface ScriptElement {
  attrs: Record<string, string>;
  content: string;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  deg: '°',
  sup2: '²',
  sup3: '³',
  middot: '·',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  atilde: 'ã',
  iacute: 'í',
  oacute: 'ó',
  ocirc: 'ô',
  otilde: 'õ',
  uacute: 'ú',
  ccedil: 'ç',
  ntilde: 'ñ',
  Eacute: 'É',
  Aacute: 'Á',
  Oacute: 'Ó',
  Ccedil: 'Ç',
  oslash: 'ø',
  aring: 'å',
};

/** Decodes named (common ones) and numeric character references; unknown names stay as written. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/** Attributes of a start tag's attribute text; names lower case, values entity-decoded. */
export function parseAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** Every `<script>` element, in page order; the content is raw (scripts are not entity-encoded). */
export function findScripts(html: string): ScriptElement[] {
  const out: ScriptElement[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html))
    out.push({ attrs: parseAttributes(m[1] ?? ''), content: m[2] ?? '' });
  return out;
}

/** Content of every `<meta property|name="key">`, in page order. */
export function metaContents(html: string, key: string): string[] {
  const out: string[] = [];
  const wanted = key.toLowerCase();
  const re = /<meta\b([^>]*)>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = parseAttributes(m[1] ?? '');
    const name = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').toLowerCase();
    if (name === wanted && attrs.content !== undefined) out.push(attrs.content);
  }
  return out;
}

export const metaContent = (html: string, key: string): string | null => metaContents(html, key)[0] ?? null;

export function pageTitle(html: string): string | null {
  const m = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  return m ? decodeEntities(m[1]!).replace(/\s+/g, ' ').trim() || null : null;
}

/** JSON.parse that returns undefined instead of throwing; tolerates HTML comment and CDATA wrappers. */
export function parseJson(text: string): unknown {
  let t = text.trim();
  if (!t) return undefined;
  t = t
    .replace(/^(?:<!--|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\]\]>)$/, '')
    .replace(/;\s*$/, '')
    .trim();
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/**
 * The end index (exclusive) of the JSON object or array that opens at `start` ('{' or '['),
 * skipping brackets inside strings; -1 when it is not closed (truncated page).
 */
export function balancedEnd(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Parses the balanced JSON value opening at `start`; undefined when unbalanced or invalid. */
export function parseJsonAt(text: string, start: number): unknown {
  const end = balancedEnd(text, start);
  if (end < 0) return undefined;
  const slice = text.slice(start, end);
  const parsed = parseJson(slice);
  // Page state written as a JS literal sometimes holds `undefined`: read it as null.
  return parsed !== undefined ? parsed : parseJson(slice.replace(/([:,[]\s*)undefined(?=\s*[,}\]])/g, '$1null'));
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** The value of a JS string literal body (without its quotes): \n, \xHH, \uHHHH, \u{H…}, line continuations. */
export function unescapeJsString(body: string): string {
  if (!body.includes('\\')) return body;
  const parts: string[] = [];
  let from = 0;
  for (let i = body.indexOf('\\'); i >= 0 && i < body.length; i = body.indexOf('\\', from)) {
    parts.push(body.slice(from, i));
    const c = body[i + 1];
    from = i + 2;
    if (c === undefined) break;
    if (c === 'x' && /^[0-9a-f]{2}$/i.test(body.slice(i + 2, i + 4))) {
      parts.push(String.fromCharCode(parseInt(body.slice(i + 2, i + 4), 16)));
      from = i + 4;
    } else if (c === 'u' && body[i + 2] === '{') {
      const close = body.indexOf('}', i + 3);
      const code = close > 0 ? parseInt(body.slice(i + 3, close), 16) : NaN;
      if (Number.isFinite(code) && code <= 0x10ffff) {
        parts.push(String.fromCodePoint(code));
        from = close + 1;
      } else parts.push(c);
    } else if (c === 'u' && /^[0-9a-f]{4}$/i.test(body.slice(i + 2, i + 6))) {
      parts.push(String.fromCharCode(parseInt(body.slice(i + 2, i + 6), 16)));
      from = i + 6;
    } else if (c === '\r' || c === '\n' || c === '\u2028' || c === '\u2029') {
      if (c === '\r' && body[i + 2] === '\n') from = i + 3; // line continuation
    } else parts.push(SIMPLE_ESCAPES[c] ?? c);
  }
  parts.push(body.slice(from));
  return parts.join('');
}

/** The body of the string literal whose opening quote is at `start`, or null when it is not closed. */
function stringLiteralAt(text: string, start: number): string | null {
  const quote = text[start];
  if (quote !== '"' && quote !== "'") return null;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return text.slice(start + 1, i);
  }
  return null;
}

/**
 * Next.js App Router flight data: the string payloads of every `self.__next_f.push([1,"…"])`, in
 * page order, unescaped and concatenated (a chunk may end inside a value or an escape sequence,
 * so only the whole is meaningful). Empty string when the page has none.
 */
export function flightPayload(html: string, scripts: ScriptElement[] = findScripts(html)): string {
  const parts: string[] = [];
  const marker = '__next_f.push(';
  for (const { content } of scripts) {
    for (let at = content.indexOf(marker); at >= 0; at = content.indexOf(marker, at + marker.length)) {
      const head = /^\(\s*\[\s*1\s*,\s*/.exec(content.slice(at + marker.length - 1, at + marker.length + 20));
      if (!head) continue;
      const quoteAt = at + marker.length - 1 + head[0].length;
      const body = stringLiteralAt(content, quoteAt);
      if (body !== null) parts.push(body);
    }
  }
  // Unescape each literal on its own: every literal is complete even when the text it carries is not.
  return parts.map(unescapeJsString).join('');
}

/** Parsed `script#__NEXT_DATA__`, or the whole document when it is the `/_next/data/…json` body. */
export function nextData(html: string, scripts: ScriptElement[] = findScripts(html)): unknown {
  const script = scripts.find((s) => s.attrs.id === '__NEXT_DATA__');
  if (script) return parseJson(script.content);
  const trimmed = html.trimStart();
  return trimmed.startsWith('{') ? parseJson(trimmed) : undefined;
}

/** Every parsed `application/ld+json` block (blocks that fail to parse are skipped). */
export function jsonLdBlocks(scripts: ScriptElement[]): unknown[] {
  return scripts
    .filter((s) => (s.attrs.type ?? '').trim().toLowerCase() === 'application/ld+json')
    .map((s) => parseJson(s.content))
    .filter((v) => v !== undefined);
}

/** Text without tags, entities decoded, whitespace collapsed. */
export const stripTags = (html: string): string =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Label/value pairs of rendered spec tables, in page order: `<dt>label</dt><dd>value</dd>`
 * (with or without attributes) and table rows `<th|td>label</th|td><td>value</td>`. Text only,
 * entities decoded; at most `max` pairs. Used as a last resort when the embedded data lacks a value.
 */
export function labelledRows(html: string, max = 400): [label: string, value: string][] {
  const out: [string, string][] = [];
  const re =
    /<dt\b[^>]*>([\s\S]*?)<\/dt>\s*<dd\b[^>]*>([\s\S]*?)<\/dd>|<tr\b[^>]*>\s*<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>\s*<td\b[^>]*>([\s\S]*?)<\/td>/gi;
  for (let m = re.exec(html); m && out.length < max; m = re.exec(html)) {
    const label = stripTags(m[1] ?? m[3] ?? '');
    const value = stripTags(m[2] ?? m[4] ?? '');
    if (label && value && label.length <= 80 && value.length <= 200) out.push([label, value]);
  }
  return out;
}
