import { describe, expect, it } from 'vitest';
import { fileNameParts, safeFileName } from './file-name.ts';

describe('file names from outside (issue 31)', () => {
  it('removes a right-to-left override, so an executable cannot pass for a PDF', () => {
    expect(safeFileName('fatura\u202Efdp.exe')).toBe('faturafdp.exe');
    expect(fileNameParts('fatura\u202Efdp.exe')).toEqual({ base: 'faturafdp', extension: '.exe' });
  });

  it('removes every bidirectional control and invisible character, and turns controls into spaces', () => {
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\uFEFF',
    ])
      expect(safeFileName(`a${c}b.pdf`), JSON.stringify(c)).toBe('ab.pdf');
    expect(safeFileName('a\r\nb\t.pdf')).toBe('a b .pdf');
    expect(safeFileName('\u202E')).toBe('file');
  });

  it('keeps ordinary names and tells the real extension', () => {
    expect(fileNameParts('Proposta Março 2026.pdf')).toEqual({ base: 'Proposta Março 2026', extension: '.pdf' });
    expect(fileNameParts('relatório.tar.gz')).toEqual({ base: 'relatório.tar', extension: '.gz' });
    expect(fileNameParts('README')).toEqual({ base: 'README', extension: '' });
    expect(fileNameParts('.env')).toEqual({ base: '.env', extension: '' });
    expect(fileNameParts('fotos.')).toEqual({ base: 'fotos.', extension: '' });
  });
});
