// Money owed, right now (ADR 067): what customers owe us and what we owe suppliers.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const vehicle = sql`btrim(coalesce(i.vehicle_year::text, '') || ' ' || i.vehicle_make || ' ' || i.vehicle_model)`;

/** Services invoiced and not paid, longest waiting first. */
export async function invoicedUnpaid(db: DbOrTx, now: Date) {
  return rowsOf<{
    import_id: number;
    client_name: string;
    vehicle: string;
    status: string;
    amount: string;
    invoiced_at: string | null;
    days: number | null;
  }>(
    await db.execute(sql`select i.id as import_id, i.client_name, ${vehicle} as vehicle, i.status,
        i.service_price::text as amount, to_json(i.invoiced_at) #>> '{}' as invoiced_at,
        floor(extract(epoch from (${now.toISOString()}::timestamptz - i.invoiced_at)) / 86400)::int as days
      from imports i
      where i.status <> 'canceled' and i.invoiced and not i.paid and coalesce(i.service_price, 0) <> 0
      order by i.invoiced_at asc nulls first, i.id`),
  );
}

/** Delivered cars whose service is not invoiced yet, delivered longest ago first. */
export async function notInvoiced(db: DbOrTx, now: Date) {
  return rowsOf<{
    import_id: number;
    client_name: string;
    vehicle: string;
    status: string;
    amount: string;
    delivered_at: string;
    days: number;
  }>(
    await db.execute(sql`select i.id as import_id, i.client_name, ${vehicle} as vehicle, i.status,
        i.service_price::text as amount, to_json(i.status_changed_at) #>> '{}' as delivered_at,
        floor(extract(epoch from (${now.toISOString()}::timestamptz - i.status_changed_at)) / 86400)::int as days
      from imports i
      where i.status = 'delivered' and not i.invoiced and coalesce(i.service_price, 0) <> 0
      order by i.status_changed_at, i.id`),
  );
}

/** Supplier costs not paid yet, by supplier (name order), oldest cost first. */
export async function suppliersUnpaid(db: DbOrTx) {
  return rowsOf<{
    supplier_id: number;
    supplier_name: string;
    cost_id: number;
    import_id: number;
    client_name: string;
    vehicle: string;
    date: string;
    value: string;
    invoiced_to_us: boolean;
    notes: string | null;
  }>(
    await db.execute(sql`select s.id as supplier_id, s.name as supplier_name, c.id as cost_id, i.id as import_id,
        i.client_name, ${vehicle} as vehicle, c.date::text as date, c.value::text as value,
        c.invoiced_to_us, c.notes
      from import_costs c join imports i on i.id = c.import_id join suppliers s on s.id = c.supplier_id
      where not c.paid and c.value <> 0
      order by lower(s.name), s.id, c.date, c.id`),
  );
}

/** Right now: services invoiced and unpaid, delivered and not invoiced, supplier costs unpaid. */
export async function owedTotals(db: DbOrTx) {
  const [row] = rowsOf<{ invoiced_unpaid: string; not_invoiced: string; suppliers_unpaid: string }>(
    await db.execute(sql`select
      (select coalesce(sum(service_price), 0)::text from imports
        where status <> 'canceled' and invoiced and not paid and coalesce(service_price, 0) <> 0) as invoiced_unpaid,
      (select coalesce(sum(service_price), 0)::text from imports
        where status = 'delivered' and not invoiced and coalesce(service_price, 0) <> 0) as not_invoiced,
      (select coalesce(sum(value), 0)::text from import_costs where not paid and value <> 0) as suppliers_unpaid`),
  );
  return row!;
}
