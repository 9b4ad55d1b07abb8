/**
 * Visitor text quoted in an automatic e-mail (ADR 060): what leaves our mailboxes is ours, so the
 * visitor's words travel as one plain line with no markup and nothing a mail client could turn
 * into a link, capped in length.
 */

import { replaceControlChars } from '#shared/text/control-chars.ts';

/** The most characters of visitor text an automatic e-mail quotes. */
export const INERT_TEXT_MAX = 40;

// Invisible characters (soft hyphen, zero-width, bidirectional controls) are removed, so a link cut
// by one (`evil.\u200bexample`) is seen whole and dropped.
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// Characters that make markup in HTML, Markdown-ish clients or templates.
const MARKUP = /[<>[\]{}()`\\|*_~=$#^]/g;
/**
 * A word a mail client might make into a link: a scheme or path (`:`, `/`), an address (`@`), or
 * a dot between word characters (`evil.example`, `bit.ly`). Tested per word (no backtracking).
 */
const LINKISH = /[:/@]|[.\u3002\uff61][\p{L}\p{N}]/u;

/** One line of visitor text, made inert: the words that could be links are dropped. */
export function inertVisitorText(text: string, max = INERT_TEXT_MAX): string {
  // Control characters (line breaks, tabs) separate words.
  const words = replaceControlChars(text)
    // Fullwidth and other compatibility forms of '.', '/', ':' and '@' become the plain ones first.
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(MARKUP, ' ')
    .split(/\s+/)
    .filter((word) => word && !LINKISH.test(word));
  let out = '';
  for (const word of words) {
    const next = out ? `${out} ${word}` : word;
    if ([...next].length > max) break;
    out = next;
  }
  // A single word longer than the cap is cut rather than dropped.
  return out || [...(words[0] ?? '')].slice(0, max).join('');
}
