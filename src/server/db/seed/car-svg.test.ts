import { describe, expect, it } from 'vitest';
import {
  CAR_SVG_HEIGHT,
  CAR_SVG_WIDTH,
  CAR_VIEWS,
  drawCarSvg,
  escapeXml,
  shade,
  type CarSvgOptions,
} from './car-svg.ts';

/**
 * A strict little XML well-formedness check: balanced and properly nested tags, quoted
 * attributes without duplicates, no stray '<' or unescaped '&' in text or attribute values.
 */
function assertWellFormedXml(xml: string): string[] {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const elements: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  const entity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  let m: RegExpExecArray | null;
  while ((m = token.exec(body))) {
    const [, closing, name, attrs, selfClosing, text, stray] = m;
    if (stray) throw new Error(`stray '<' at ${m.index}: ${body.slice(m.index, m.index + 40)}`);
    if (text !== undefined) {
      if (entity.test(text)) throw new Error(`unescaped '&' in text: ${text}`);
      if (stack.length === 0 && text.trim()) throw new Error(`text outside the root element: ${text}`);
      continue;
    }
    const names = [...(attrs ?? '').matchAll(/([A-Za-z][\w:.-]*)\s*=\s*"([^"]*)"/g)];
    if (new Set(names.map((a) => a[1])).size !== names.length) throw new Error(`duplicate attribute on <${name}>`);
    for (const a of names) if (entity.test(a[2]!)) throw new Error(`unescaped '&' in ${a[1]}`);
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else {
      if (stack.length === 0 && elements.length > 0) throw new Error('more than one root element');
      elements.push(name!);
      if (!selfClosing) stack.push(name!);
    }
  }
  if (stack.length) throw new Error(`unclosed: ${stack.join(' > ')}`);
  return elements;
}

const base: CarSvgOptions = {
  body: 'estate',
  bodyColor: '#1f4e8c',
  view: 'side-left',
  scene: 0,
  caption: 'BMW 320d Touring M Sport · Lateral esquerda',
};

describe('drawCarSvg', () => {
  it('the checker itself rejects broken XML', () => {
    expect(() => assertWellFormedXml('<svg><g></svg>')).toThrow();
    expect(() => assertWellFormedXml('<svg><text>A & B</text></svg>')).toThrow();
    expect(() => assertWellFormedXml('<svg a="1" a="2"/>')).toThrow();
    expect(assertWellFormedXml('<svg><g/><text>A &amp; B</text></svg>')).toEqual(['svg', 'g', 'text']);
  });

  it('is well-formed SVG of 1600 x 1067 for every body style, view and scene', () => {
    for (const body of ['sedan', 'estate', 'hatch', 'suv'] as const) {
      for (const [i, { view, caption }] of CAR_VIEWS.entries()) {
        const svg = drawCarSvg({ ...base, body, view, scene: i, caption, index: { n: i + 1, of: CAR_VIEWS.length } });
        const elements = assertWellFormedXml(svg);
        expect(elements[0]).toBe('svg');
        expect(elements).toContain('circle');
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain(`viewBox="0 0 ${CAR_SVG_WIDTH} ${CAR_SVG_HEIGHT}"`);
        expect(svg).toMatch(/<svg[^>]* width="1600" height="1067"/);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it('escapes the caption', () => {
    const svg = drawCarSvg({ ...base, caption: 'Audi A4 <Avant> & "S line"' });
    assertWellFormedXml(svg);
    expect(svg).toContain('Audi A4 &lt;Avant&gt; &amp; &quot;S line&quot;');
    expect(escapeXml(`'`)).toBe('&apos;');
  });

  it('is deterministic and differs by colour, view and scene', () => {
    expect(drawCarSvg(base)).toBe(drawCarSvg({ ...base }));
    const variants = [
      drawCarSvg(base),
      drawCarSvg({ ...base, bodyColor: '#9e1b22' }),
      drawCarSvg({ ...base, view: 'rear-quarter' }),
      drawCarSvg({ ...base, scene: 3 }),
      drawCarSvg({ ...base, body: 'suv' }),
    ];
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('shades colours towards white and black', () => {
    expect(shade('#808080', 0)).toBe('#808080');
    expect(shade('#808080', 1)).toBe('#ffffff');
    expect(shade('#808080', -1)).toBe('#000000');
  });
});
