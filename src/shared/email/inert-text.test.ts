import { describe, expect, it } from 'vitest';
import { bodyToHtml } from './body.ts';
import { INERT_TEXT_MAX, inertVisitorText } from './inert-text.ts';

describe('inertVisitorText (ADR 060)', () => {
  it('keeps ordinary names as typed', () => {
    for (const name of ['Rita', 'João', "D'Almeida", 'Ana-Maria', 'J. Silva', 'Zoë Ørsted'])
      expect(inertVisitorText(name)).toBe(name);
  });

  it('drops every word a mail client could make into a link', () => {
    expect(inertVisitorText('https://evil.example/premio Silva')).toBe('Silva');
    for (const hostile of [
      'evil.example',
      'www.evil.example',
      'bit.ly/x',
      'hxxp://a',
      'mailto:a',
      'x@evil.example',
      'evil。example',
      'evil．example',
      'ｈｔｔｐｓ：／／evil',
      'evil.\u200bexample',
      '1.2.3.4',
    ])
      expect(inertVisitorText(`Ana ${hostile}`), hostile).toBe('Ana');
    // Nothing a link detector in the HTML or text part could find.
    const html = bodyToHtml(`Olá ${inertVisitorText('https://evil.example/premio Silva')},`);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('evil');
  });

  it('leaves no markup and no invisible or reordering characters', () => {
    expect(inertVisitorText('<b>Ana</b> <img src=x>')).toBe('b Ana img src x');
    expect(inertVisitorText('[Ana](javascript:alert)')).toBe('Ana');
    expect(inertVisitorText('Ana\r\nSilva\u202e\u0000Costa')).toBe('Ana Silva Costa');
    expect(inertVisitorText('Ana\r\nBcc: x')).toBe('Ana x');
    expect(bodyToHtml(inertVisitorText('<b>Rita</b>'))).not.toContain('<b>');
  });

  it('caps the length at a word boundary, and cuts one overlong word', () => {
    const long = 'Maria '.repeat(20);
    const out = inertVisitorText(long);
    expect(out.length).toBeLessThanOrEqual(INERT_TEXT_MAX);
    expect(out).toMatch(/^(Maria ?)+$/);
    expect(out.endsWith(' ')).toBe(false);
    expect(inertVisitorText('A'.repeat(500))).toHaveLength(INERT_TEXT_MAX);
    expect(inertVisitorText('')).toBe('');
  });
});
