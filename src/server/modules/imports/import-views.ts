import { importFinance, listProfit } from '#shared/imports/finance.ts';
import type { ImportStatus } from '#shared/imports/status.ts';
import { daysInStage } from '#shared/imports/tracking.ts';
import type { Import, ImportCost, StatusChange } from '#shared/schemas/imports.ts';
import type { ImportListItem } from '#shared/schemas/imports-list.ts';
import type { CostWithSupplier } from './import-costs.repository.ts';
import type { findImportDetail, ListRow, statusHistory } from './imports.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toCost(row: CostWithSupplier): ImportCost {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

type HistoryRow = Awaited<ReturnType<typeof statusHistory>>[number];

/** 'Ana Costa', or the username when the user has no name; null once the user is deleted. */
export function toStatusChange(row: HistoryRow): StatusChange {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
  return {
    status: row.status as ImportStatus,
    changedAt: iso(row.changedAt),
    changedBy: row.userId !== null && name ? { id: row.userId, name } : null,
  };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof findImportDetail>>>;

export function toImport(detail: DetailRow, history: HistoryRow[], costs: CostWithSupplier[], now: Date): Import {
  const { row } = detail;
  const { searchText: _search, assignedTo: _assigned, ...fields } = row;
  return {
    ...fields,
    status: row.status as ImportStatus,
    leadReference: detail.leadReference,
    proposalPublicId: detail.proposalPublicId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    statusChangedAt: iso(row.statusChangedAt),
    daysInStage: daysInStage(row.statusChangedAt, now),
    history: history.map(toStatusChange),
    costs: costs.map(toCost),
    finance: importFinance(row.servicePrice, costs),
  };
}

export function toListItem(row: ListRow): ImportListItem {
  const { exactCreatedAt: _exact, clientPhone: _phone, ...fields } = row;
  return {
    ...fields,
    status: row.status as ImportStatus,
    createdAt: iso(row.createdAt),
    statusChangedAt: iso(row.statusChangedAt),
    profit: listProfit(row.servicePrice, row.costsTotal),
  };
}
