// Image URLs rewritten to the largest size variant each CDN serves (docs/listings.md section 7).

const AS24_SIZE = '1920x1080';
const MOBILE_RULE = 'mo-1600.jpg';
const APOLLO_SIZE = '1920x0';

/** Absolute https URL from "//host/…", "host/…", "http://…"; null for anything that is not a web URL. */
export function absoluteHttps(raw: string, base?: string): string | null {
  let s = raw.trim().replace(/&amp;/g, '&');
  if (!s || /^(data|javascript|blob|about):/i.test(s)) return null;
  s = s.replace(/^(?:https?:\/\/)?m\.mobile\.de\/yams-proxy\//i, 'https://');
  if (s.startsWith('//')) s = `https:${s}`;
  else if (/^http:\/\//i.test(s)) s = `https://${s.slice(7)}`;
  else if (!/^https:\/\//i.test(s)) {
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(s))
      s = `https://${s}`; // host without a scheme (mobile.de `uri`)
    else if (base) {
      try {
        s = new URL(s, base).href.replace(/^http:/, 'https:');
      } catch {
        return null;
      }
    } else return null;
  }
  try {
    const url = new URL(s);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}

/** The largest variant of a known CDN image; other images only made absolute https. */
export function largestImageUrl(raw: string, base?: string): string | null {
  const abs = absoluteHttps(raw, base);
  if (!abs) return null;
  const url = new URL(abs);
  const host = url.hostname.toLowerCase();
  if (host === 'img.classistatic.de') {
    url.searchParams.set('rule', MOBILE_RULE); // no rule at all answers 400
    return url.href;
  }
  if (host === 'prod.pictures.autoscout24.net') {
    url.pathname = url.pathname.replace(/\/\d+x\d+(\.(?:webp|jpe?g|png|avif))$/i, `/${AS24_SIZE}$1`);
    return url.href;
  }
  if (host.endsWith('.apollo.olxcdn.com')) {
    // The size is a `;s=WxH` matrix parameter after /image.
    url.pathname = url.pathname.replace(/;s=[^/;]*$/, '');
    if (/\/image$/.test(url.pathname)) url.pathname += `;s=${APOLLO_SIZE}`;
    return url.href;
  }
  // eBay-style size tokens on older classified CDNs: $_12.JPG -> $_57.JPG.
  return abs.replace(/\$_\d+\.(jpe?g)(?=$|\?)/i, '$$_57.$1');
}

/** Rewritten, deduplicated (first occurrence wins), page order kept. Accepts strings or {url|uri|src|contentUrl}. */
export function imageList(items: unknown, base?: string): string[] {
  const list = Array.isArray(items) ? items : items === undefined || items === null ? [] : [items];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of list) {
    const raw = typeof item === 'string' ? item : pickImageString(item);
    const url = raw ? largestImageUrl(raw, base) : null;
    if (url && !seen.has(url)) {
      seen.add(url);
      out.push(url);
    }
  }
  return out;
}

function pickImageString(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const o = item as Record<string, unknown>;
  for (const key of ['url', 'uri', 'src', 'contentUrl', 'large', 'big', 'original']) {
    const v = o[key];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}
