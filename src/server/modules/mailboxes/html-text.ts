/**
 * Text of an HTML e-mail, by a parser (html-to-text), never by a chain of regular expressions:
 * hostile HTML cannot make it backtrack (ADR 057). Input is capped, and nesting deeper than
 * MAX_DEPTH is flattened first in one linear pass, since building a DOM for 100 000 nested tags
 * costs quadratic time in the parser.
 */
import { convert, type HtmlToTextOptions } from 'html-to-text';

/** HTML beyond this many characters is not read (the rest of the text is marked '[…]'). */
export const HTML_MAX = 256_000;
/** Tags nested deeper than this are dropped (their text is kept). */
export const MAX_DEPTH = 64;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const isNameChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 58;

/**
 * Where the tag whose name ends at `from` closes: the first '>' outside a quoted attribute value
 * (Outlook writes `title="Preço > 20 000"`); -1 when it never does. indexOf only, so linear.
 */
function tagEnd(html: string, from: number): number {
  let i = from;
  for (;;) {
    const gt = html.indexOf('>', i);
    if (gt === -1) return -1;
    const dq = html.indexOf('"', i);
    const sq = html.indexOf("'", i);
    const q = dq === -1 ? sq : sq === -1 ? dq : Math.min(dq, sq);
    if (q === -1 || q > gt) return gt;
    let before = q - 1;
    while (before > from && (html.charCodeAt(before) === 32 || html.charCodeAt(before) === 9)) before--;
    if (html.charCodeAt(before) !== 61) {
      // A quote not opening a value ('=' before it) is an ordinary character.
      i = q + 1;
      continue;
    }
    const close = html.indexOf(html[q]!, q + 1);
    if (close === -1) return -1;
    i = close + 1;
  }
}

/**
 * Drops the tags nested deeper than `maxDepth`, in one pass (indexOf only, no regular
 * expression). An unterminated tag at the end is dropped with everything after it.
 */
export function flattenDeepNesting(html: string, maxDepth = MAX_DEPTH): string {
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  let copied = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) {
        out.push(html.slice(copied, lt));
        copied = html.length;
        break;
      }
      i = end + 3;
      continue;
    }
    const closing = html.charCodeAt(lt + 1) === 47; // '/'
    let n = lt + (closing ? 2 : 1);
    const nameStart = n;
    while (n < html.length && isNameChar(html.charCodeAt(n))) n++;
    if (n === nameStart) {
      i = lt + 1;
      continue;
    }
    const gt = tagEnd(html, n);
    if (gt === -1) {
      // An unterminated tag: nothing after it is text.
      out.push(html.slice(copied, lt));
      copied = html.length;
      break;
    }
    const name = html.slice(nameStart, n).toLowerCase();
    const selfClosing = html.charCodeAt(gt - 1) === 47 || VOID.has(name);
    let keep = true;
    if (closing) {
      keep = depth <= maxDepth;
      if (depth > 0) depth--;
    } else if (!selfClosing) {
      depth++;
      keep = depth <= maxDepth;
    }
    if (!keep) {
      out.push(html.slice(copied, lt));
      copied = gt + 1;
    }
    i = gt + 1;
  }
  out.push(html.slice(copied));
  return out.join('');
}

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  limits: { maxDepth: MAX_DEPTH + 8, maxChildNodes: 20_000, ellipsis: '\n[…]' },
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkIfSameAsText: true, ignoreHref: false } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'th', format: 'inline' },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'inline' },
    { selector: 'head', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
  ],
};

/** Text of an HTML-only message: scripts, styles and images dropped, blocks as lines, links kept in words. Never rendered. */
export function htmlToText(html: string): string {
  const capped = html.length > HTML_MAX ? html.slice(0, HTML_MAX) : html;
  const text = convert(flattenDeepNesting(capped), OPTIONS);
  return `${text}${capped.length < html.length ? '\n[…]' : ''}`
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
