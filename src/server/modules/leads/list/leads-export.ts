import { LEAD_STATUS_LABELS, type EmailSource, type LeadStatus } from '#shared/leads/status.ts';
import type { CsvFormat } from '#shared/schemas/leads.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { csvDecimal, csvLine, lisbonDateTime } from '#server/lib/csv.ts';
import type { ExportRow } from './leads-list.repository.ts';

/**
 * GET /api/leads/export.csv: the list's filtered leads as CSV (RFC 4180, UTF-8 with a BOM for
 * spreadsheets), in the Portuguese format by default (docs/decisions/020-day-one-fixes.md).
 */
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

export function exportFilename(now: Date): string {
  return `leads-${todayInLisbon(now)}.csv`;
}

export function csvRecord(row: ExportRow, format: CsvFormat = 'pt'): string {
  return csvLine(
    [
      row.reference,
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      row.vehicleMake,
      row.vehicleModel,
      row.vehicleYear,
      csvDecimal(row.budget, format),
      LEAD_STATUS_LABELS[row.status as LeadStatus] ?? row.status,
      SOURCE_LABELS[row.emailSource as EmailSource] ?? row.emailSource,
      lisbonDateTime(row.createdAt),
      lisbonDateTime(row.lastInteractionAt),
    ],
    format,
  );
}

/** The whole file as chunks: BOM and header, then one chunk per batch of rows. */
export async function* csvChunks(
  batches: AsyncIterable<ExportRow[]>,
  format: CsvFormat = 'pt',
): AsyncGenerator<string> {
  yield BOM + csvLine(CSV_HEADER, format);
  for await (const batch of batches) yield batch.map((row) => csvRecord(row, format)).join('');
}
