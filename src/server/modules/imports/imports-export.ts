import { listProfit } from '#shared/imports/finance.ts';
import { IMPORT_STATUS_LABELS, type ImportStatus } from '#shared/imports/status.ts';
import type { CsvFormat } from '#shared/schemas/leads.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { csvDecimal, csvLine, lisbonDateTime } from '#server/lib/csv.ts';
import type { CostExportRow, ListRow } from './imports.repository.ts';

/**
 * The imports list and the cost lines as CSV for the accountant, with the leads export's rules
 * (RFC 4180, UTF-8 with a BOM, formula-like text neutralised, Portuguese format by default).
 */
export const IMPORTS_CSV_HEADER = [
  'ID',
  'Client',
  'Email',
  'Phone',
  'Make',
  'Model',
  'Year',
  'VIN',
  'Status',
  'Vehicle price (EUR)',
  'ISV (EUR)',
  'Service (EUR)',
  'Costs (EUR)',
  'Profit (EUR)',
  'Invoiced',
  'Paid',
  'Created',
] as const;

export const COSTS_CSV_HEADER = [
  'Cost ID',
  'Import ID',
  'Client',
  'Vehicle',
  'VIN',
  'Supplier',
  'Supplier VAT ID',
  'Date',
  'Value (EUR)',
  'Invoiced to us',
  'Invoiced',
  'Paid',
  'Notes',
] as const;

const BOM = '\uFEFF';
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export const importsExportFilename = (now: Date) => `imports-${todayInLisbon(now)}.csv`;
export const costsExportFilename = (now: Date) => `import-costs-${todayInLisbon(now)}.csv`;

export function importRecord(row: ListRow, format: CsvFormat): string {
  return csvLine(
    [
      row.id,
      row.clientName,
      row.clientEmail,
      row.clientPhone,
      row.vehicleMake,
      row.vehicleModel,
      row.vehicleYear,
      row.vehicleVin,
      IMPORT_STATUS_LABELS[row.status as ImportStatus] ?? row.status,
      csvDecimal(row.vehiclePrice, format),
      csvDecimal(row.vehicleIsv, format),
      csvDecimal(row.servicePrice, format),
      csvDecimal(row.costsTotal, format),
      csvDecimal(listProfit(row.servicePrice, row.costsTotal), format),
      yesNo(row.invoiced),
      yesNo(row.paid),
      lisbonDateTime(row.createdAt),
    ],
    format,
  );
}

export function costRecord(row: CostExportRow, format: CsvFormat): string {
  return csvLine(
    [
      row.id,
      row.importId,
      row.clientName,
      `${row.vehicleMake} ${row.vehicleModel}`,
      row.vehicleVin,
      row.supplierName,
      row.supplierVatId,
      row.date,
      csvDecimal(row.value, format),
      yesNo(row.invoicedToUs),
      yesNo(row.invoiced),
      yesNo(row.paid),
      row.notes,
    ],
    format,
  );
}

/** The whole file as chunks: BOM and header, then one chunk per batch. */
export async function* csvFile<R>(
  header: readonly string[],
  batches: AsyncIterable<R[]>,
  record: (row: R, format: CsvFormat) => string,
  format: CsvFormat,
): AsyncGenerator<string> {
  yield BOM + csvLine(header, format);
  for await (const batch of batches) yield batch.map((row) => record(row, format)).join('');
}
