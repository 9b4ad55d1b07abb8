// What the money module lets other modules read on purpose: the money-owed totals (the dashboard's figures).
import type { DbOrTx } from '#server/db/client.ts';
import { owedTotals } from './money.repository.ts';
import { money } from './money.service.ts';

export async function owedSummary(db: DbOrTx) {
  const row = await owedTotals(db);
  return {
    invoicedUnpaid: money(row.invoiced_unpaid),
    notInvoiced: money(row.not_invoiced),
    suppliersUnpaid: money(row.suppliers_unpaid),
  };
}
