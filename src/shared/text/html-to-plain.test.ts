import { describe, expect, it } from 'vitest';
import { stripHtml, tidyLines } from './html-to-plain.ts';

describe('stripHtml: markup removed in one pass', () => {
  it('blocks become line breaks; comments, scripts and styles go', () => {
    expect(
      tidyLines(
        stripHtml('<p>Olá</p><!-- x --><style>p{}</style><div>Linha<br>dois</div><script>alert(1)</script>fim'),
      ),
    ).toBe('Olá\n\nLinha\ndois\nfim');
  });

  it('hostile shapes that made regex chains backtrack come out as text, whole', () => {
    expect(stripHtml('<!--'.repeat(10_000))).toBe('');
    expect(stripHtml(`${'<p '.repeat(10_000)}x`)).toBe(`${'<p '.repeat(10_000)}x`);
    expect(stripHtml('<script>'.repeat(1000) + 'x')).toBe('');
    expect(tidyLines(`a${' '.repeat(10_000)}\nb`)).toBe('a\nb');
  });
});
