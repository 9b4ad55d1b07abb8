import { parseFragment } from 'parse5';
import { escapeHtml } from '#shared/email/body.ts';

/**
 * A signature as stored and sent: simple formatting, links and images from this product's stored
 * media (/media/<key>); every other tag is dropped (its text kept), every other attribute removed,
 * and script, style and similar content removed whole.
 */
const KEEP = new Set(['p', 'div', 'span', 'br', 'b', 'strong', 'i', 'em', 'u', 'small', 'a', 'img', 'hr']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
]);
const VOID = new Set(['br', 'img', 'hr']);
const MEDIA_PATH = /^\/media\/[a-f0-9]{16,64}$/i;

interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

function safeHref(href: string): string | null {
  const v = href.trim();
  if (/^mailto:[^\s"<>]+$/i.test(v) || /^tel:[+\d\s()-]+$/i.test(v)) return v;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A stored-media image: '/media/<key>' as stored, whatever origin it was pasted with. */
function safeImageSrc(src: string): string | null {
  const v = src.trim();
  if (MEDIA_PATH.test(v)) return v;
  try {
    const url = new URL(v);
    return MEDIA_PATH.test(url.pathname) && !url.search ? url.pathname : null;
  } catch {
    return null;
  }
}

function attrsOf(node: Node): string {
  const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value;
  const out: string[] = [];
  if (node.nodeName === 'a') {
    const href = safeHref(attr('href') ?? '');
    if (href) out.push(`href="${escapeHtml(href)}"`);
  }
  if (node.nodeName === 'img') {
    const alt = attr('alt');
    if (alt) out.push(`alt="${escapeHtml(alt)}"`);
    for (const dim of ['width', 'height']) {
      const n = attr(dim);
      if (n && /^\d{1,4}$/.test(n)) out.push(`${dim}="${n}"`);
    }
  }
  return out.length ? ' ' + out.join(' ') : '';
}

function walk(nodes: Node[] | undefined, out: string[]): void {
  for (const node of nodes ?? []) {
    if (node.nodeName === '#text') out.push(escapeHtml(node.value ?? ''));
    else if (node.nodeName.startsWith('#'))
      continue; // comments, doctype
    else if (DROP_WITH_CONTENT.has(node.nodeName)) continue;
    else if (!KEEP.has(node.nodeName)) walk(node.childNodes, out);
    else if (node.nodeName === 'img') {
      const src = safeImageSrc(node.attrs?.find((a) => a.name === 'src')?.value ?? '');
      if (src) out.push(`<img src="${escapeHtml(src)}"${attrsOf(node)}>`);
    } else if (VOID.has(node.nodeName)) out.push(`<${node.nodeName}>`);
    else {
      out.push(`<${node.nodeName}${attrsOf(node)}>`);
      walk(node.childNodes, out);
      out.push(`</${node.nodeName}>`);
    }
  }
}

export function sanitiseSignature(html: string): string {
  const fragment = parseFragment(html) as unknown as Node;
  const out: string[] = [];
  walk(fragment.childNodes, out);
  return out.join('').trim();
}

/** The signature in a sent e-mail: stored-media images made absolute with the public origin. */
export function signatureForEmail(html: string, origin: string): string {
  return html.replace(/<img src="(\/media\/[a-f0-9]+)"/gi, (_m, path: string) => `<img src="${origin}${path}"`);
}

/** The signature in the text part: tags dropped, line breaks kept, links shown as text. */
export function signatureAsText(html: string): string {
  return html
    .replace(/<br>|<\/p>|<\/div>|<hr>/gi, '\n')
    .replace(/<a href="([^"]*)">([^<]*)<\/a>/gi, (_m, href: string, text: string) =>
      text.trim() && text.trim() !== href ? `${text} (${href})` : href,
    )
    .replace(/<[^<>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
