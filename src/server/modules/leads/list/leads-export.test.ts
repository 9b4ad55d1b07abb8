import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, exportFilename, lisbonDateTime } from './leads-export.ts';

describe('leads CSV cells', () => {
  it('quotes per RFC 4180 only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Silva, Jr')).toBe('"Silva, Jr"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(2019)).toBe('2019');
    expect(csvCell('Ç ã é €')).toBe('Ç ã é €');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+351 912 345 678')).toBe("'+351 912 345 678");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });

  it('writes times and the file date in Lisbon time', () => {
    expect(lisbonDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02 00:30'); // summer: UTC+1
    expect(lisbonDateTime('2026-12-01T23:30:00.000Z')).toBe('2026-12-01 23:30'); // winter: UTC
    expect(exportFilename(new Date('2026-07-01T23:30:00Z'))).toBe('leads-2026-07-02.csv');
  });
});
