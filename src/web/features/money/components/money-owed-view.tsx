import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { fromCents, toCents } from '#shared/imports/finance.ts';
import type { MoneyOwed } from '#shared/schemas/money-owed.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatEuro } from '#web/lib/money.ts';
import { MONEY_OWED_CSV_URL, useMoneyOwed } from '../api/get-money-owed.ts';
import { OwedSection, type Column } from './owed-section.tsx';

/** To the cent, as the import's detail shows it ('€1 234.50'). */
function euros(amount: string): string {
  const text = formatEuro(fromCents(toCents(amount))) ?? amount;
  return /\.\d{2}$/.test(text) ? text : `${text}.00`;
}
const DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'Europe/Lisbon',
});
const date = (iso: string) => DATE.format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
const days = (n: number | null) => (n === null ? '—' : `${n} ${n === 1 ? 'day' : 'days'}`);
const importLink = (id: number, text: string) => (
  <Link to={`/admin/imports/${id}`} className="font-medium hover:underline">
    {text}
  </Link>
);

type Invoiced = MoneyOwed['invoicedUnpaid']['rows'][number];
type ToInvoice = MoneyOwed['notInvoiced']['rows'][number];
type SupplierCost = MoneyOwed['suppliersUnpaid']['suppliers'][number]['costs'][number] & { supplierName: string };

const invoicedColumns: Column<Invoiced>[] = [
  { header: 'Customer', cell: (r) => importLink(r.importId, r.clientName) },
  { header: 'Import', cell: (r) => `#${r.importId}`, wide: true },
  { header: 'Vehicle', cell: (r) => r.vehicle, wide: true },
  { header: 'Invoiced', cell: (r) => (r.invoicedAt ? date(r.invoicedAt) : '—'), wide: true },
  { header: 'Days', cell: (r) => days(r.daysSinceInvoiced), numeric: true },
  { header: 'Amount', cell: (r) => euros(r.amount), numeric: true },
];
const toInvoiceColumns: Column<ToInvoice>[] = [
  { header: 'Customer', cell: (r) => importLink(r.importId, r.clientName) },
  { header: 'Import', cell: (r) => `#${r.importId}`, wide: true },
  { header: 'Vehicle', cell: (r) => r.vehicle, wide: true },
  { header: 'Delivered', cell: (r) => date(r.deliveredAt), wide: true },
  { header: 'Days since delivery', cell: (r) => days(r.daysSinceDelivered), numeric: true },
  { header: 'Amount', cell: (r) => euros(r.amount), numeric: true },
];
const supplierColumns: Column<SupplierCost>[] = [
  { header: 'Supplier', cell: (r) => <span className="font-medium">{r.supplierName}</span> },
  { header: 'Import', cell: (r) => importLink(r.importId, `#${r.importId}`) },
  { header: 'Customer', cell: (r) => r.clientName, wide: true },
  { header: 'Date', cell: (r) => date(r.date), wide: true },
  { header: 'Kind', cell: (r) => (r.invoicedToUs ? 'Invoiced to us' : 'Passed along'), wide: true },
  { header: 'Amount', cell: (r) => euros(r.value), numeric: true },
];

function MoneySkeleton() {
  return (
    <div role="status" aria-label="Loading money owed" className="flex flex-col gap-6">
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <CardContent className="flex flex-col gap-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-24 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** /admin/money: what customers owe us and what we owe suppliers, with totals and a CSV (ADR 067). */
export function MoneyOwedView() {
  const owed = useMoneyOwed();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" asChild>
          <a href={MONEY_OWED_CSV_URL} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      </div>
      <QueryStates query={owed} pending={<MoneySkeleton />} errorTitle="Failed to load the money owed">
        {(data) => (
          <>
            <OwedSection
              id="invoiced-unpaid"
              title="Invoiced, not paid"
              explain="Service prices of imports marked invoiced and not paid (canceled imports excluded), longest waiting first."
              columns={invoicedColumns}
              rows={data.invoicedUnpaid.rows}
              rowKey={(r) => r.importId}
              total={euros(data.invoicedUnpaid.total)}
              empty="Every invoiced service is paid."
            />
            <OwedSection
              id="not-invoiced"
              title="Delivered, not invoiced"
              explain="Service prices of delivered cars whose service is not invoiced yet."
              columns={toInvoiceColumns}
              rows={data.notInvoiced.rows}
              rowKey={(r) => r.importId}
              total={euros(data.notInvoiced.total)}
              empty="Every delivered car is invoiced."
            />
            <OwedSection
              id="suppliers-unpaid"
              title="Supplier costs not paid"
              explain={`Costs not marked paid, by supplier: ${data.suppliersUnpaid.suppliers.map((s) => `${s.supplierName} ${euros(s.total)}`).join(', ') || 'none'}.`}
              columns={supplierColumns}
              rows={data.suppliersUnpaid.suppliers.flatMap((s) =>
                s.costs.map((c) => ({ ...c, supplierName: s.supplierName })),
              )}
              rowKey={(r) => r.costId}
              total={euros(data.suppliersUnpaid.total)}
              empty="Every supplier cost is paid."
            />
          </>
        )}
      </QueryStates>
    </div>
  );
}
