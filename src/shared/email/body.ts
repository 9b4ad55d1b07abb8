/**
 * The body staff type: plain text where only <i>, <b>, <strong>, <em> and <u> are kept as formatting
 * (the tags staff use in a message); everything else is shown as typed, escaped.
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

/** The HTML part: escaped text, the allowed tags restored (attribute-free, balanced only), links and line breaks. */
export function bodyToHtml(body: string): string {
  const escaped = escapeHtml(body.replace(/\r\n?/g, '\n'));
  const open: string[] = [];
  const tagged = escaped.replace(ALLOWED, (whole, close: string, name: string) => {
    const tag = name.toLowerCase();
    if (!close) {
      open.push(tag);
      return `<${tag}>`;
    }
    // A closing tag without its opener stays visible text, so the markup always balances.
    const at = open.lastIndexOf(tag);
    if (at < 0) return whole;
    // Tags opened inside it close with it and open again after: <b><i>x</b>y</i> stays well formed.
    const inner = open.splice(at).slice(1);
    open.push(...inner);
    const closeInner = [...inner].reverse().map((t) => `</${t}>`);
    return closeInner.join('') + `</${tag}>` + inner.map((t) => `<${t}>`).join('');
  });
  // Whatever is still open closes at the end, so the signature below is not made bold by accident.
  const closed =
    tagged +
    [...open]
      .reverse()
      .map((t) => `</${t}>`)
      .join('');
  return closed.replace(URL, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>\n');
}

/** The text part: the allowed tags dropped, everything else as typed. */
export function bodyToText(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/<\/?(i|b|strong|em|u)>/gi, '');
}
