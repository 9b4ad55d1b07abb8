import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { importCosts, importStatusHistory, imports, suppliers } from '#server/db/schema/imports.ts';
import { leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import {
  CONCLUDED_IMPORT_STATUSES,
  IMPORT_STATUSES,
  isActiveImport,
  type ImportStatus,
} from '#shared/imports/status.ts';
import type { ImportListFilter } from '#shared/schemas/imports-list.ts';

export type ImportRow = typeof imports.$inferSelect;
export type NewImportRow = typeof imports.$inferInsert;

/** Inserts an import; undefined when its request key already made one (ADR 023). */
export async function insertImport(db: DbOrTx, values: NewImportRow): Promise<ImportRow | undefined> {
  const [row] = await db.insert(imports).values(values).onConflictDoNothing({ target: imports.requestKey }).returning();
  return row;
}

/** The import a request key made, if any. */
export async function findImportByRequestKey(db: DbOrTx, requestKey: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.requestKey, requestKey));
  return row;
}

export async function insertStatusChange(
  db: DbOrTx,
  values: { importId: number; status: ImportStatus; changedAt: Date; changedBy: number | null },
): Promise<void> {
  await db.insert(importStatusHistory).values(values);
}

/** The row, locked for a write in the caller's transaction. */
export async function lockImport(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: imports.id, status: imports.status, invoiced: imports.invoiced, version: imports.version })
    .from(imports)
    .where(eq(imports.id, id))
    .for('update');
  return row;
}

export async function importExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: imports.id }).from(imports).where(eq(imports.id, id)).limit(1);
  return rows.length > 0;
}

/** The detail's row with its lead's reference and its proposal's public id. */
export async function findImportDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      row: imports,
      leadReference: leads.reference,
      proposalPublicId: proposals.publicId,
    })
    .from(imports)
    .leftJoin(leads, eq(leads.id, imports.leadId))
    .leftJoin(proposals, eq(proposals.id, imports.proposalId))
    .where(eq(imports.id, id));
  return row;
}

/** Status changes oldest first, with the name of whoever made each. */
export function statusHistory(db: DbOrTx, importId: number) {
  return db
    .select({
      status: importStatusHistory.status,
      changedAt: importStatusHistory.changedAt,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(importStatusHistory)
    .leftJoin(users, eq(users.id, importStatusHistory.changedBy))
    .where(eq(importStatusHistory.importId, importId))
    .orderBy(asc(importStatusHistory.changedAt), asc(importStatusHistory.id));
}

/** What the public tracking page may read: the car, the stages and dates, the proposal's public id. */
export async function findForTracking(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({
      id: imports.id,
      vehicleMake: imports.vehicleMake,
      vehicleModel: imports.vehicleModel,
      vehicleYear: imports.vehicleYear,
      status: imports.status,
      createdAt: imports.createdAt,
      statusChangedAt: imports.statusChangedAt,
      expectedDeliveryDate: imports.expectedDeliveryDate,
      expectedStageDates: imports.expectedStageDates,
      proposalPublicId: proposals.publicId,
    })
    .from(imports)
    .leftJoin(proposals, eq(proposals.id, imports.proposalId))
    .where(eq(imports.publicId, publicId));
  if (!row) return undefined;
  const history = await db
    .select({ status: importStatusHistory.status, changedAt: importStatusHistory.changedAt })
    .from(importStatusHistory)
    .where(eq(importStatusHistory.importId, row.id))
    .orderBy(asc(importStatusHistory.changedAt), asc(importStatusHistory.id));
  return { ...row, history };
}

// ---------------------------------------------------------------------------------------------
// The list (newest first, keyset pages)
// ---------------------------------------------------------------------------------------------

export interface ListFilter {
  filter: ImportListFilter;
  /** Escaped LIKE pattern ('%term%') on search_text, or null. */
  pattern: string | null;
  /** A search that is a number ('42', '#42') also matches that id. */
  id: number | null;
}

/** Position in the list order (created_at desc, id desc). */
export interface ListKey {
  /** Exact instant with microseconds: 'YYYY-MM-DDTHH:MM:SS.ffffffZ'. */
  createdAt: string;
  id: number;
}

const exactCreatedAt = sql<string>`to_char(${imports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ACTIVE_STATUSES = IMPORT_STATUSES.filter(isActiveImport);

function whereOf(f: ListFilter, after: ListKey | null): SQL | undefined {
  const parts: SQL[] = [];
  // Active as the list of its statuses (not 'not in'): the count reads only their index ranges.
  if (f.filter === 'active') parts.push(inArray(imports.status, ACTIVE_STATUSES));
  if (f.filter === 'concluded') parts.push(inArray(imports.status, [...CONCLUDED_IMPORT_STATUSES]));
  if (f.pattern !== null) {
    const text = sql`${imports.searchText} like lower(${f.pattern})`;
    parts.push(f.id === null ? text : sql`(${text} or ${imports.id} = ${f.id})`);
  }
  if (after)
    parts.push(sql`(${imports.createdAt}, ${imports.id}) < (${after.createdAt}::timestamptz, ${after.id}::integer)`);
  return parts.length ? and(...parts) : undefined;
}

/**
 * Sum of an import's cost values ('0.00' without costs). Written with explicit aliases: Drizzle
 * leaves a lone table's columns unqualified, and `id` inside the subquery would be the cost's.
 */
const costsTotal = sql<string>`coalesce((select sum(ic.value) from ${importCosts} ic where ic.import_id = ${imports}.id), 0)::numeric(15,2)::text`;

const listColumns = {
  id: imports.id,
  leadId: imports.leadId,
  clientName: imports.clientName,
  clientEmail: imports.clientEmail,
  clientPhone: imports.clientPhone,
  vehicleMake: imports.vehicleMake,
  vehicleModel: imports.vehicleModel,
  vehicleYear: imports.vehicleYear,
  vehicleVin: imports.vehicleVin,
  status: imports.status,
  vehiclePrice: imports.vehiclePrice,
  vehicleIsv: imports.vehicleIsv,
  servicePrice: imports.servicePrice,
  invoiced: imports.invoiced,
  paid: imports.paid,
  createdAt: imports.createdAt,
  statusChangedAt: imports.statusChangedAt,
  costsTotal,
  exactCreatedAt,
};

export type ListRow = Omit<Awaited<ReturnType<typeof listPage>>[number], never>;

/** Up to `limit` rows after `after`, newest first, each with its costs total. */
export function listPage(db: DbOrTx, f: ListFilter, after: ListKey | null, limit: number) {
  return db
    .select(listColumns)
    .from(imports)
    .where(whereOf(f, after))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit);
}

export async function countMatches(db: DbOrTx, f: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(imports)
    .where(whereOf(f, null));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Cost lines export
// ---------------------------------------------------------------------------------------------

export interface CostExportFilter {
  importId?: number;
  supplierId?: number;
  from?: string;
  to?: string;
}

/** Cost lines with their import and supplier, by date then id, `limit` after (date, id). */
export function costExportBatch(
  db: DbOrTx,
  f: CostExportFilter,
  after: { date: string; id: number } | null,
  limit: number,
) {
  const parts: SQL[] = [];
  if (f.importId !== undefined) parts.push(eq(importCosts.importId, f.importId));
  if (f.supplierId !== undefined) parts.push(eq(importCosts.supplierId, f.supplierId));
  if (f.from) parts.push(sql`${importCosts.date} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${importCosts.date} <= ${f.to}::date`);
  if (after) parts.push(sql`(${importCosts.date}, ${importCosts.id}) > (${after.date}::date, ${after.id}::integer)`);
  return db
    .select({
      id: importCosts.id,
      importId: importCosts.importId,
      clientName: imports.clientName,
      vehicleMake: imports.vehicleMake,
      vehicleModel: imports.vehicleModel,
      vehicleVin: imports.vehicleVin,
      supplierName: suppliers.name,
      supplierVatId: suppliers.vatId,
      date: importCosts.date,
      value: importCosts.value,
      notes: importCosts.notes,
      invoicedToUs: importCosts.invoicedToUs,
      invoiced: importCosts.invoiced,
      paid: importCosts.paid,
    })
    .from(importCosts)
    .innerJoin(imports, eq(imports.id, importCosts.importId))
    .innerJoin(suppliers, eq(suppliers.id, importCosts.supplierId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(asc(importCosts.date), asc(importCosts.id))
    .limit(limit);
}
export type CostExportRow = Awaited<ReturnType<typeof costExportBatch>>[number];
