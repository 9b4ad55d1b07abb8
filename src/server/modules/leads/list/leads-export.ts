import { LEAD_STATUS_LABELS, type EmailSource, type LeadStatus } from '#shared/leads/status.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import type { ExportRow } from './leads-list.repository.ts';

/** GET /api/leads/export.csv: the list's filtered leads as CSV (RFC 4180, UTF-8 with a BOM for spreadsheets). */
export const CSV_HEADER = [
  'Reference',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Make',
  'Model',
  'Year',
  'Budget (EUR)',
  'Status',
  'Source',
  'Created',
  'Last interaction',
] as const;

const BOM = '\uFEFF';
const SOURCE_LABELS: Record<EmailSource, string> = { geral: 'Geral', comercial: 'Comercial' };

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

export function exportFilename(now: Date): string {
  return `leads-${todayInLisbon(now)}.csv`;
}

/**
 * One cell: a text a spreadsheet would run as a formula (= + - @, or a leading tab or carriage
 * return) gets a leading apostrophe (OWASP "CSV injection"); then RFC 4180 quoting when needed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

export function csvRecord(row: ExportRow): string {
  return csvLine([
    row.reference,
    row.firstName,
    row.lastName,
    row.email,
    row.phone,
    row.vehicleMake,
    row.vehicleModel,
    row.vehicleYear,
    row.budget,
    LEAD_STATUS_LABELS[row.status as LeadStatus] ?? row.status,
    SOURCE_LABELS[row.emailSource as EmailSource] ?? row.emailSource,
    lisbonDateTime(row.createdAt),
    lisbonDateTime(row.lastInteractionAt),
  ]);
}

/** The whole file as chunks: BOM and header, then one chunk per batch of rows. */
export async function* csvChunks(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield BOM + csvLine(CSV_HEADER);
  for await (const batch of batches) yield batch.map(csvRecord).join('');
}
