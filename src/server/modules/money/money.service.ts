import type { DbOrTx } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { fromCents, sumAmounts, toCents } from '#shared/imports/finance.ts';
import type { ImportStatus } from '#shared/imports/status.ts';
import type { MoneyOwed } from '#shared/schemas/money-owed.ts';
import * as repo from './money.repository.ts';

/** '1234.5' or '0' from the database -> '1234.50', '0.00'. */
export const money = (amount: string | null | undefined) => fromCents(toCents(amount));

/** The money-owed screen (ADR 067): three lists and their totals, exact to the cent. */
export function createMoneyService(deps: { db: DbOrTx; clock: Clock }) {
  const { db, clock } = deps;
  return {
    now: () => clock.now(),

    async owed(): Promise<MoneyOwed> {
      const now = clock.now();
      const [invoiced, toInvoice, costs] = await Promise.all([
        repo.invoicedUnpaid(db, now),
        repo.notInvoiced(db, now),
        repo.suppliersUnpaid(db),
      ]);
      const suppliers: MoneyOwed['suppliersUnpaid']['suppliers'] = [];
      for (const c of costs) {
        let group = suppliers.at(-1);
        if (!group || group.supplierId !== c.supplier_id) {
          group = { supplierId: c.supplier_id, supplierName: c.supplier_name, total: '0.00', costs: [] };
          suppliers.push(group);
        }
        group.costs.push({
          costId: c.cost_id,
          importId: c.import_id,
          clientName: c.client_name,
          vehicle: c.vehicle,
          date: c.date,
          value: money(c.value),
          invoicedToUs: c.invoiced_to_us,
          notes: c.notes,
        });
      }
      for (const g of suppliers) g.total = sumAmounts(g.costs.map((c) => c.value));
      return {
        invoicedUnpaid: {
          rows: invoiced.map((r) => ({
            importId: r.import_id,
            clientName: r.client_name,
            vehicle: r.vehicle,
            status: r.status as ImportStatus,
            amount: money(r.amount),
            invoicedAt: r.invoiced_at ? new Date(r.invoiced_at).toISOString() : null,
            daysSinceInvoiced: r.days === null ? null : Math.max(0, r.days),
          })),
          total: sumAmounts(invoiced.map((r) => r.amount)),
        },
        notInvoiced: {
          rows: toInvoice.map((r) => ({
            importId: r.import_id,
            clientName: r.client_name,
            vehicle: r.vehicle,
            status: r.status as ImportStatus,
            amount: money(r.amount),
            deliveredAt: new Date(r.delivered_at).toISOString(),
            daysSinceDelivered: Math.max(0, r.days),
          })),
          total: sumAmounts(toInvoice.map((r) => r.amount)),
        },
        suppliersUnpaid: { suppliers, total: sumAmounts(suppliers.map((s) => s.total)) },
      };
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
