import { describe, expect, it } from 'vitest';
import { emailBodyText, fromLocalInput, toLocalInput } from './email-text.ts';

describe('emailBodyText', () => {
  it('keeps plain text as it is', () => {
    expect(emailBodyText('Hello <3\nsee you')).toBe('Hello <3\nsee you');
    expect(emailBodyText(null)).toBe('');
  });

  it('keeps text inside <...> in a plain-text body: addresses, asides, quoted headers', () => {
    const text = 'Quero o carro <o azul> se possível.\n\nEm 20/11, Ana Silva <ana@example.pt> escreveu:\n> Olá';
    expect(emailBodyText(text)).toBe(text);
    expect(emailBodyText('Price <25 000 €> ok? <https://example.pt/car>')).toBe(
      'Price <25 000 €> ok? <https://example.pt/car>',
    );
  });

  it('still reads an HTML body, with an address written as an entity', () => {
    expect(emailBodyText('<div>Ana &lt;ana@example.pt&gt; wrote:</div><p>Hi</p>')).toBe(
      'Ana <ana@example.pt> wrote:\nHi',
    );
  });

  it('drops markup, scripts, styles and comments; blocks end in line breaks; entities decoded', () => {
    const html =
      '<html><head><title>x</title><style>p{color:red}</style></head><body><!-- hi --><p>Ol&aacute; <b>Maria</b>,</p><p>Pre&ccedil;o: 25&nbsp;000 &euro; &amp; IVA<br>Obrigado</p><script>alert(1)</script><img src=x onerror="alert(2)"><div>&#169; &#x41;</div></body></html>';
    expect(emailBodyText(html)).toBe('Olá Maria,\n\nPreço: 25 000 € & IVA\nObrigado\n\n© A');
  });

  it('an entity spelling markup stays text', () => {
    expect(emailBodyText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
  });
});

describe('datetime-local values (browser time, UTC in tests)', () => {
  it('round-trips minutes', () => {
    expect(toLocalInput('2026-11-21T09:15:42.000Z')).toBe('2026-11-21T09:15');
    expect(fromLocalInput('2026-11-21T09:15')).toBe('2026-11-21T09:15:00.000Z');
    expect(fromLocalInput('')).toBeUndefined();
  });
});
