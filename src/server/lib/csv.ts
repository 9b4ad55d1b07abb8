// CSV as the exports write it (leads, imports, cost lines, money owed): RFC 4180 cells, the
// Portuguese or English dialect, formula-like text defused, times in the business's zone
// (docs/decisions/020-day-one-fixes.md).
import type { CsvFormat } from '#shared/schemas/leads.ts';

/** Separator and decimal mark of each format: Portuguese spreadsheets split on ';' and read '1,5'. */
export const CSV_DIALECTS: Record<CsvFormat, { separator: ';' | ','; decimalComma: boolean }> = {
  pt: { separator: ';', decimalComma: true },
  en: { separator: ',', decimalComma: false },
};

// Times in the business's own zone, in a form spreadsheets read as a date: '2026-11-21 14:05'.
const LISBON_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Lisbon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function lisbonDateTime(at: Date | string): string {
  const parts = Object.fromEntries(LISBON_TIME.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A decimal string ('25000.50') with the format's decimal mark. */
export function csvDecimal(value: string | null, format: CsvFormat = 'pt'): string | null {
  return value !== null && CSV_DIALECTS[format].decimalComma ? value.replace('.', ',') : value;
}

/** A number or a phone number: one leading sign, then digits, spaces and phone punctuation only. */
const NUMBER_OR_PHONE = /^[+-]?[\s\u00a0().,/-]*\d[\d\s\u00a0().,/-]*$/;

/**
 * Whether a spreadsheet could run the text as a formula (OWASP "CSV injection"): it starts with
 * = + - @, a tab or a carriage return. A number or phone number ('+351 912 345 678', '-12,5') is
 * not: made of digits and punctuation, it can call no function and name no cell.
 */
export function looksLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text) && !NUMBER_OR_PHONE.test(text);
}

/** One cell: a formula-like text gets a leading apostrophe, then RFC 4180 quoting when needed. */
export function csvCell(value: string | number | null | undefined, format: CsvFormat = 'pt'): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && looksLikeFormula(text)) text = `'${text}`;
  const separator = CSV_DIALECTS[format].separator;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[], format: CsvFormat = 'pt') =>
  `${cells.map((c) => csvCell(c, format)).join(CSV_DIALECTS[format].separator)}\r\n`;
