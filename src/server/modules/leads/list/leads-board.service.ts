import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { LEAD_STATUSES } from '#shared/leads/status.ts';
import type { LeadBoardQuery, LeadBoardResponse } from '#shared/schemas/leads-board.ts';
import { boardTotals } from './leads-board.repository.ts';
import { toFilter } from './leads-list.service.ts';

/** The pipeline board's column figures (ADR 066): the list's search and filters, per status. */
export function createLeadsBoardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async totals(query: LeadBoardQuery, userId: number): Promise<LeadBoardResponse> {
      const rows = await boardTotals(db, toFilter(query, clock.now(), userId));
      const byStatus = new Map(rows.map((r) => [r.status, r]));
      const statuses = LEAD_STATUSES.filter((s) => !query.status || query.status.includes(s));
      return {
        columns: statuses.map((status) => {
          const row = byStatus.get(status);
          return { status, count: row?.count ?? 0, total: row?.total ?? '0', unpriced: row?.unpriced ?? 0 };
        }),
      };
    },
  };
}

export type LeadsBoardService = ReturnType<typeof createLeadsBoardService>;
