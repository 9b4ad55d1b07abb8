/**
 * HTML markup removed in one pass over the characters (issue 31, ADR 064): no regular expression
 * sees the markup, so no input (a body of 200 000 '<!--' or '<p ') costs more than linear time.
 * Comments and the contents of script, style, head and title go; <br> becomes a line break, the
 * end of a paragraph, quote or heading two, the end of a div, list item or table row one; every
 * other tag goes. Entities are left for the caller to decode.
 */
const SKIPPED = new Set(['script', 'style', 'head', 'title']);
const PARAGRAPH_END = new Set(['p', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LINE_END = new Set(['div', 'li', 'tr']);

/** The tag's name (lower case) and whether it closes, read from the characters after '<'. */
function tagAt(html: string, start: number): { name: string; closing: boolean } {
  const closing = html[start] === '/';
  let i = closing ? start + 1 : start;
  let name = '';
  while (i < html.length && name.length < 20) {
    const c = html[i]!;
    if (!/[a-zA-Z0-9]/.test(c)) break;
    name += c;
    i++;
  }
  return { name: name.toLowerCase(), closing };
}

export function stripHtml(html: string): string {
  let out = '';
  let i = 0;
  let skipping: string | null = null;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (!skipping) out += html.slice(i, lt === -1 ? html.length : lt);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) break;
      i = end + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt === -1) {
      // No tag closes: the rest is text.
      if (!skipping) out += html.slice(lt);
      break;
    }
    const { name, closing } = tagAt(html, lt + 1);
    if (skipping) {
      if (closing && name === skipping) skipping = null;
    } else if (!closing && SKIPPED.has(name)) skipping = name;
    else if (!closing && name === 'br') out += '\n';
    else if (closing && PARAGRAPH_END.has(name)) out += '\n\n';
    else if (closing && LINE_END.has(name)) out += '\n';
    i = gt + 1;
  }
  return out;
}

/** Spaces and tabs before each line break removed, runs of blank lines cut to one. */
export function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
