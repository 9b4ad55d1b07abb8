import { describe, expect, it } from 'vitest';
import { originOf } from './settings.ts';

describe('the back-office address', () => {
  it('is kept as its origin, with https assumed', () => {
    expect(originOf('https://garagem.example.pt/admin/leads')).toBe('https://garagem.example.pt');
    expect(originOf('garagem.example.pt')).toBe('https://garagem.example.pt');
    expect(originOf('http://127.0.0.1:5000/')).toBe('http://127.0.0.1:5000');
  });
  it('refuses what is not a web address', () => {
    for (const text of ['', '  ', 'not an address', 'ftp://x.pt', 'javascript:alert(1)', 'https://a b.pt'])
      expect(originOf(text), text).toBeNull();
  });
});
