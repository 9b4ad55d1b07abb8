import { describe, expect, it } from 'vitest';
import { csvCell, csvDecimal, csvLine, lisbonDateTime, looksLikeFormula } from '#server/lib/csv.ts';
import { exportFilename } from './leads-export.ts';

describe('leads CSV cells', () => {
  it('quotes per RFC 4180 only when needed, for the separator of each format', () => {
    for (const format of ['pt', 'en'] as const) {
      expect(csvCell('plain', format)).toBe('plain');
      expect(csvCell('say "hi"', format)).toBe('"say ""hi"""');
      expect(csvCell('two\nlines', format)).toBe('"two\nlines"');
      expect(csvCell('cr\rhere', format)).toBe('"cr\rhere"');
      expect(csvCell(null, format)).toBe('');
      expect(csvCell(undefined, format)).toBe('');
      expect(csvCell(2019, format)).toBe('2019');
      expect(csvCell('Ç ã é €', format)).toBe('Ç ã é €');
    }
    expect(csvCell('Silva, Jr', 'en')).toBe('"Silva, Jr"');
    expect(csvCell('Silva, Jr', 'pt')).toBe('Silva, Jr');
    expect(csvCell('a; b', 'pt')).toBe('"a; b"');
    expect(csvCell('a; b', 'en')).toBe('a; b');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+A1')).toBe("'+A1");
    expect(csvCell('-1+2@x.pt')).toBe("'-1+2@x.pt");
    expect(csvCell('=1')).toBe("'=1");
    expect(csvCell('+cmd|" /C calc"!A0')).toBe(`"'+cmd|"" /C calc""!A0"`);
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it.each([
    '+351 912 345 678',
    '+351912345678',
    '+44 (0)20 7946 0958',
    '+49 30/1234567',
    '+1 555-123-4567',
    '+351\u00a0912\u00a0345\u00a0678',
    '-12',
    '-12,5',
    '-1.5',
    '912 345 678',
    '00351 912 345 678',
  ])('keeps the number or phone number %s as it is', (value) => {
    expect(looksLikeFormula(value)).toBe(false);
    expect(csvCell(value, 'en')).toBe(value.includes(',') ? `"${value}"` : value);
    expect(csvCell(value, 'pt')).toBe(value);
  });

  it.each(['+', '-', '=', '@', '+351 912 345 678+1', '-1+1', '+1 555 CALL NOW', '=351912345678', '@351'])(
    'guards %s',
    (value) => {
      expect(looksLikeFormula(value)).toBe(true);
    },
  );

  it('writes decimals with the format decimal mark', () => {
    expect(csvDecimal('25000.50', 'pt')).toBe('25000,50');
    expect(csvDecimal('25000.50', 'en')).toBe('25000.50');
    expect(csvDecimal(null, 'pt')).toBeNull();
  });

  it('ends each record with CRLF, cells joined by the format separator', () => {
    expect(csvLine(['a', null, 'b,c'], 'en')).toBe('a,,"b,c"\r\n');
    expect(csvLine(['a', null, 'b,c'], 'pt')).toBe('a;;b,c\r\n');
    expect(csvLine(['a', 'b;c'])).toBe('a;"b;c"\r\n');
  });

  it('writes times and the file date in Lisbon time', () => {
    expect(lisbonDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02 00:30'); // summer: UTC+1
    expect(lisbonDateTime('2026-12-01T23:30:00.000Z')).toBe('2026-12-01 23:30'); // winter: UTC
    expect(exportFilename(new Date('2026-07-01T23:30:00Z'))).toBe('leads-2026-07-02.csv');
  });
});
