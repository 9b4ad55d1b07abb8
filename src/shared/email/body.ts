/**
 * The body staff type: plain text where only <i>, <b>, <strong>, <em> and <u> are kept as formatting
 * (document 2, section 5); everything else is shown as typed, escaped.
 */

export const ALLOWED_BODY_TAGS = ['i', 'b', 'strong', 'em', 'u'] as const;

const ALLOWED = /&lt;(\/?)(i|b|strong|em|u)&gt;/gi;
const URL = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The HTML part: escaped text, the allowed tags restored (attribute-free only), links and line breaks. */
export function bodyToHtml(body: string): string {
  const escaped = escapeHtml(body.replace(/\r\n?/g, '\n'));
  const tagged = escaped.replace(ALLOWED, (_m, close: string, tag: string) => `<${close}${tag.toLowerCase()}>`);
  const linked = tagged.replace(URL, (url) => `<a href="${url}">${url}</a>`);
  return closeOpenTags(linked).replace(/\n/g, '<br>\n');
}

/** The text part: the allowed tags dropped, everything else as typed. */
export function bodyToText(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/<\/?(i|b|strong|em|u)>/gi, '');
}

/** Closes any allowed tag left open so the signature below is not made bold by accident. */
function closeOpenTags(html: string): string {
  const open: string[] = [];
  for (const m of html.matchAll(/<(\/?)(i|b|strong|em|u)>/g)) {
    if (!m[1]) open.push(m[2]!);
    else {
      const at = open.lastIndexOf(m[2]!);
      if (at >= 0) open.splice(at, 1);
    }
  }
  return (
    html +
    open
      .reverse()
      .map((t) => `</${t}>`)
      .join('')
  );
}
