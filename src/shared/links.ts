/**
 * The one rule for a link the product stores (a lead's vehicle link, a proposal's listing, the quote
 * form's link, settings that hold an address): an http or https address, kept in the normalised form
 * the WHATWG URL parser gives (`new URL(x).href`: accents and spaces percent-encoded, host lower-case),
 * so what is stored is what every later reader, browser or server, parses the same way. `javascript:`,
 * `data:` and every other scheme is refused, and so is a user name or password in the address
 * ('https://www.mobile.de@evil.example/' is a phishing shape, never a listing).
 * 'www.site.pt/...' typed without a scheme gets https://.
 */
export function normaliseWebLink(text: string): string | null {
  const s = text.trim();
  if (!s) return null;
  let candidate = s;
  if (!s.includes('://')) {
    // 'javascript:...', 'mailto:...', 'data:...': a scheme without '//' is never a web address.
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
    if (scheme && !scheme[1]!.includes('.')) return null;
    // '/path', '//host', '\\host': not an address typed without its scheme.
    if (!/^[\p{L}\p{N}]/u.test(s)) return null;
    candidate = `https://${s}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

/** Longest link kept, in its normalised form. */
export const LINK_MAX_LENGTH = 2000;

/**
 * A setting that holds an address (the logo, the older site), read with the link rule: a web
 * address comes out normalised; with `sitePath`, a path on this site ('/logo.png', never
 * '//other.host') is kept too; anything else ('javascript:...', a typo) reads as '' (not set).
 */
export function settingLink(value: string, opts: { sitePath?: boolean } = {}): string {
  const s = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what a site path must not hold
  if (opts.sitePath && /^\/(?![/\\])/.test(s) && !/[\s\u0000-\u001f]/.test(s)) return s;
  return normaliseWebLink(s) ?? '';
}
