import { IMPORT_STATUS_LABELS } from '#shared/imports/status.ts';
import type { CsvFormat } from '#shared/schemas/leads.ts';
import type { MoneyOwed } from '#shared/schemas/money-owed.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { csvDecimal, csvLine, lisbonDateTime } from '#server/lib/csv.ts';

/**
 * GET /api/money/owed.csv: the money-owed screen as one CSV (ADR 067), with the other exports' rules
 * (RFC 4180, UTF-8 with a BOM, formula-like text neutralised, Portuguese format by default): one
 * line per amount, the section first, then a total line per section.
 */
export const MONEY_CSV_HEADER = [
  'Section',
  'Customer or supplier',
  'Import ID',
  'Vehicle',
  'Status',
  'Amount (EUR)',
  'Date',
  'Days',
  'Notes',
] as const;

export const SECTION_LABELS = {
  invoicedUnpaid: 'Invoiced, not paid',
  notInvoiced: 'Delivered, not invoiced',
  suppliersUnpaid: 'Supplier costs not paid',
} as const;

const BOM = '\uFEFF';

export const moneyExportFilename = (now: Date) => `money-owed-${todayInLisbon(now)}.csv`;

export function moneyOwedCsv(owed: MoneyOwed, format: CsvFormat): string {
  const line = (cells: (string | number | null)[]) => csvLine(cells, format);
  const out = [BOM + line([...MONEY_CSV_HEADER])];
  const total = (section: keyof typeof SECTION_LABELS, amount: string) =>
    line([SECTION_LABELS[section], 'Total', null, null, null, csvDecimal(amount, format), null, null, null]);
  for (const r of owed.invoicedUnpaid.rows)
    out.push(
      line([
        SECTION_LABELS.invoicedUnpaid,
        r.clientName,
        r.importId,
        r.vehicle,
        IMPORT_STATUS_LABELS[r.status],
        csvDecimal(r.amount, format),
        r.invoicedAt ? lisbonDateTime(r.invoicedAt) : null,
        r.daysSinceInvoiced,
        null,
      ]),
    );
  out.push(total('invoicedUnpaid', owed.invoicedUnpaid.total));
  for (const r of owed.notInvoiced.rows)
    out.push(
      line([
        SECTION_LABELS.notInvoiced,
        r.clientName,
        r.importId,
        r.vehicle,
        IMPORT_STATUS_LABELS[r.status],
        csvDecimal(r.amount, format),
        lisbonDateTime(r.deliveredAt),
        r.daysSinceDelivered,
        null,
      ]),
    );
  out.push(total('notInvoiced', owed.notInvoiced.total));
  for (const s of owed.suppliersUnpaid.suppliers)
    for (const c of s.costs)
      out.push(
        line([
          SECTION_LABELS.suppliersUnpaid,
          s.supplierName,
          c.importId,
          c.vehicle,
          c.invoicedToUs ? 'Invoiced to us' : 'Passed along',
          csvDecimal(c.value, format),
          c.date,
          null,
          c.notes,
        ]),
      );
  out.push(total('suppliersUnpaid', owed.suppliersUnpaid.total));
  return out.join('');
}
