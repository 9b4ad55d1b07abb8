/**
 * The browser's copy of the server's signature rules (src/server/modules/email/signature-sanitise.ts),
 * for the live preview only: the server sanitises again on save and answers what it stored.
 */
const KEEP = new Set(['P', 'DIV', 'SPAN', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'SMALL', 'A', 'IMG', 'HR']);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);
const MEDIA_PATH = /^\/media\/[a-f0-9]{16,64}$/i;

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  if (DROP.has(el.tagName)) return [];
  const children = () => [...el.childNodes].flatMap((c) => clean(c, doc));
  if (!KEEP.has(el.tagName)) return children();
  const out = doc.createElement(el.tagName.toLowerCase());
  if (el.tagName === 'A') {
    const href = el.getAttribute('href') ?? '';
    if (/^(https?:\/\/|mailto:|tel:)/i.test(href.trim())) out.setAttribute('href', href.trim());
  }
  if (el.tagName === 'IMG') {
    const src = el.getAttribute('src') ?? '';
    let path: string;
    try {
      path = new URL(src, document.baseURI).pathname;
    } catch {
      return [];
    }
    if (!MEDIA_PATH.test(path)) return [];
    out.setAttribute('src', path);
    for (const a of ['alt', 'width', 'height']) {
      const v = el.getAttribute(a);
      if (v) out.setAttribute(a, v);
    }
  }
  for (const c of children()) out.appendChild(c);
  return [out];
}

export function sanitiseSignaturePreview(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const wrap = target.createElement('div');
  for (const n of [...doc.body.childNodes].flatMap((c) => clean(c, target))) wrap.appendChild(n);
  return wrap.innerHTML;
}
