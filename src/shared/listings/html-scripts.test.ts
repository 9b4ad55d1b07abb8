import { describe, expect, it } from 'vitest';
import {
  balancedEnd,
  decodeEntities,
  findScripts,
  flightPayload,
  jsonLdBlocks,
  labelledRows,
  metaContent,
  metaContents,
  nextData,
  pageTitle,
  parseJsonAt,
  unescapeJsString,
} from './html-scripts.ts';

describe('decodeEntities', () => {
  it('decodes named and numeric references, leaves unknown ones', () => {
    expect(decodeEntities('Auto &amp; Filhos &#8211; h&iacute;brido &#x20AC; &euro; &nbsp;x &bogus; &#0;')).toBe(
      'Auto & Filhos – híbrido € € \u00a0x &bogus; &#0;',
    );
  });
});

describe('script and meta extraction', () => {
  const html = `<html><head><title>A &amp; B</title>
    <meta property="og:title" content="BMW X5 &quot;M&quot;"><meta content='https://x.example/1.jpg' property='og:image'>
    <META NAME="og:image" CONTENT="https://x.example/2.jpg">
    <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"a":1}}}</script>
    <script type="application/ld+json"><!-- {"@type":"Car"} --></script>
    <script type="application/ld+json">{broken</script>
    <SCRIPT src="/x.js"></SCRIPT ></head></html>`;

  it('finds scripts with their attributes', () => {
    const scripts = findScripts(html);
    expect(scripts).toHaveLength(4);
    expect(scripts[0]!.attrs).toEqual({ id: '__NEXT_DATA__', type: 'application/json' });
    expect(scripts[3]!.attrs.src).toBe('/x.js');
  });
  it('reads __NEXT_DATA__, or a bare /_next/data JSON body', () => {
    expect(nextData(html)).toEqual({ props: { pageProps: { a: 1 } } });
    expect(nextData('  {"pageProps":{"b":2}}')).toEqual({ pageProps: { b: 2 } });
    expect(nextData('<html></html>')).toBeUndefined();
  });
  it('parses JSON-LD blocks, skipping broken ones', () => {
    expect(jsonLdBlocks(findScripts(html))).toEqual([{ '@type': 'Car' }]);
  });
  it('reads meta tags by property or name, decoding entities', () => {
    expect(metaContent(html, 'og:title')).toBe('BMW X5 "M"');
    expect(metaContents(html, 'og:image')).toEqual(['https://x.example/1.jpg', 'https://x.example/2.jpg']);
    expect(metaContent(html, 'og:description')).toBeNull();
    expect(pageTitle(html)).toBe('A & B');
  });
});

describe('balanced JSON', () => {
  it('skips brackets inside strings and escaped quotes', () => {
    const text = 'x = {"a":"}{\\"","b":[1,{"c":"]"}]}; rest';
    const start = text.indexOf('{');
    expect(parseJsonAt(text, start)).toEqual({ a: '}{"', b: [1, { c: ']' }] });
    expect(text.slice(balancedEnd(text, start))).toBe('; rest');
  });
  it('returns undefined for truncated JSON and reads JS undefined as null', () => {
    expect(parseJsonAt('{"a":{"b":1}', 0)).toBeUndefined();
    expect(parseJsonAt('{"a":undefined,"b":[undefined]}', 0)).toEqual({ a: null, b: [null] });
    expect(parseJsonAt('abc', 0)).toBeUndefined();
  });
});

describe('JS string literals and flight data', () => {
  it('unescapes JS escapes', () => {
    expect(unescapeJsString('a\\"b\\\\c\\n\\u003cp\\u003e\\x41\\u{1F697}\\/')).toBe('a"b\\c\n<p>A🚗/');
    expect(unescapeJsString('trailing\\')).toBe('trailing');
  });
  it('concatenates every push([1,"…"]) payload in page order, even when split inside a value or escape', () => {
    const html = [
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<script>self.__next_f.push([1,"0:[\\"$\\",\\"html\\"]\\n"])</script>',
      '<script>self.__next_f.push([1,"1e:{\\"listing\\":{\\"title\\":\\"BMW \\\\"])</script>',
      '<script>self.__next_f.push([2,"ignored"]);self.__next_f.push([1, "\\"X5\\\\\\"\\"}}\\n"])</script>',
    ].join('\n');
    expect(flightPayload(html)).toBe('0:["$","html"]\n1e:{"listing":{"title":"BMW \\"X5\\""}}\n');
  });
  it('ignores an unterminated literal', () => {
    expect(flightPayload('<script>self.__next_f.push([1,"abc</script>')).toBe('');
  });
});

describe('labelledRows', () => {
  it('reads dt/dd pairs and table rows as text, in page order', () => {
    const html =
      '<dl class="g"><dt class="a">CO<sub>2</sub>-emissie</dt>\n<dd class="b">122&nbsp;g/km (gem.)</dd></dl>' +
      '<table><tr><th>Mileage</th><td>88,600 km</td></tr><tr><td>Power</td><td><b>110 kW</b> (150 hp)</td></tr><tr><td>lonely</td></tr></table><dt>Empty</dt><dd> </dd>';
    expect(labelledRows(html)).toEqual([
      ['CO 2 -emissie', '122 g/km (gem.)'],
      ['Mileage', '88,600 km'],
      ['Power', '110 kW (150 hp)'],
    ]);
  });
});
