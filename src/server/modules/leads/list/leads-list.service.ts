import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { thresholdsFor } from '#shared/leads/lateness.ts';
import { EMAIL_SOURCES, LEAD_STATUSES, type LeadStatus } from '#shared/leads/status.ts';
import { LEADS_PAGE_SIZE, SEARCH_COUNT_CAP, type LeadListQuery, type LeadListResponse } from '#shared/schemas/leads.ts';
import * as repo from './leads-list.repository.ts';

const HOUR = 3_600_000;

/** Late-only cutoffs at `now`: one per threshold group (level 1 of src/shared/leads/lateness.ts). */
export function lateCutoffs(now: Date): repo.LateCutoff[] {
  const groups = new Map<number, LeadStatus[]>();
  for (const status of LEAD_STATUSES) {
    const limits = thresholdsFor(status);
    if (limits) groups.set(limits[0], [...(groups.get(limits[0]) ?? []), status]);
  }
  return [...groups].map(([hours, statuses]) => ({ statuses, before: new Date(now.getTime() - hours * HOUR) }));
}

/** A LIKE pattern matching `term` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A filter naming every value keeps every lead (status and source are never null), so it is no
 * filter: the default view names both mailboxes, and testing them on each index entry doubled the
 * board's totals (ADR 069).
 */
const everyOf = <T extends string>(all: readonly T[], chosen: readonly T[] | undefined) =>
  chosen !== undefined && all.every((v) => chosen.includes(v));

export function toFilter(
  query: Pick<LeadListQuery, 'search' | 'status' | 'source' | 'late' | 'owner'>,
  now: Date,
  userId: number,
): repo.LeadListFilter {
  // The search text joins its fields with single spaces; so does the term.
  const term = query.search?.replace(/\s+/g, ' ') ?? '';
  return {
    pattern: term ? containsPattern(term) : null,
    statuses: everyOf(LEAD_STATUSES, query.status) ? null : (query.status ?? null),
    sources: everyOf(EMAIL_SOURCES, query.source) ? null : (query.source ?? null),
    late: query.late ? lateCutoffs(now) : null,
    owner: query.owner === 'me' ? userId : (query.owner ?? null),
  };
}

// The cursor is opaque to clients: base64url of 'starred|exact last interaction|id'.
const CURSOR_TEXT = /^([01])\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,9})$/;

export function encodeCursor(key: repo.ListKey): string {
  return Buffer.from(`${key.starred ? 1 : 0}|${key.lastInteractionAt}|${key.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): repo.ListKey {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = CURSOR_TEXT.exec(text);
  const id = m ? Number(m[3]) : NaN;
  if (!m || Number.isNaN(Date.parse(m[2]!)) || id > 2_147_483_647) {
    const message = 'Invalid cursor: pass the nextCursor of the previous page unchanged';
    throw new AppError('VALIDATION', message, { cursor: message });
  }
  return { starred: m[1] === '1', lastInteractionAt: m[2]!, id };
}

/** `limit` items and the cursor after them, from up to `limit + 1` rows (one more means another page). */
function pageOf(rows: repo.ListPage['rows'], limit: number) {
  const shown = rows.slice(0, limit);
  return {
    items: shown.map((r) => r.item),
    nextCursor: rows.length > limit ? encodeCursor(shown.at(-1)!.key) : null,
  };
}

/** `searchCountCap`: at most this many matches of a search are counted (tests lower it). */
export function createLeadsListService(deps: { db: Db; clock: Clock; searchCountCap?: number }) {
  const { db, clock, searchCountCap = SEARCH_COUNT_CAP } = deps;

  return {
    /** One page of the list, the total of all pages and, with a search, what the filters hide. */
    async list(userId: number, query: LeadListQuery): Promise<LeadListResponse> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const limit = query.limit ?? LEADS_PAGE_SIZE;
      const filter = toFilter(query, clock.now(), userId);
      const { pattern } = filter;
      // One statement per call (ADR 037): the page and its counts together.
      if (pattern !== null) {
        const { rows, counts } = await repo.searchPageAndCounts(
          db,
          userId,
          { ...filter, pattern },
          after,
          limit + 1,
          searchCountCap,
        );
        return {
          ...pageOf(rows, limit),
          total: counts.total,
          capped: counts.capped,
          hidden: {
            total: counts.matches - counts.total,
            byStatus: counts.byStatus,
            bySource: counts.bySource,
            byLate: counts.byLate,
          },
        };
      }
      // Without a search: a walk down the list-order index, and an index-only count.
      const { rows, total } = await repo.listPageAndTotal(db, userId, filter, after, limit + 1);
      return { ...pageOf(rows, limit), total, capped: false, hidden: null };
    },

    /** Every matching row in list order, `batchSize` at a time (keyset: no offset, no big result). */
    async *exportRows(query: LeadListQuery, userId: number, batchSize = 2_000): AsyncGenerator<repo.ExportRow[]> {
      const filter = toFilter(query, clock.now(), userId);
      let after: repo.ListKey | null = null;
      for (;;) {
        const batch = await repo.exportBatch(db, filter, after, batchSize);
        if (batch.length) yield batch.map((b) => b.row);
        if (batch.length < batchSize) return;
        after = batch.at(-1)!.key;
      }
    },

    markAllSeen: (userId: number) => repo.markAllSeen(db, userId, clock.now()),

    now: () => clock.now(),
  };
}

export type LeadsListService = ReturnType<typeof createLeadsListService>;
