import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '#test/factories.ts';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { latenessLevel } from '#shared/leads/lateness.ts';
import type { LeadListItem, LeadListQuery, LeadListResponse } from '#shared/schemas/leads.ts';
import { createLeadsListService } from './leads-list.service.ts';
import { hoursAgo, NOW } from './leads-list.test-helpers.ts';

// The list answers from an index walk plus a count (capped for a search). Both must agree with the
// rules written out plainly here, over a few hundred varied leads, page after page.
describe('leads list service against a plain reference', () => {
  let t: Database;
  let userId: number;
  let everyLead: LeadListItem[];
  const service = (searchCountCap?: number) =>
    createLeadsListService({ db: t.db, clock: { now: () => NOW }, searchCountCap });

  beforeAll(async () => {
    t = await createTestDatabase();
    userId = (await insertUser(t.db)).id;
    const statuses = ['requested', 'quoted', 'clarifying', 'waiting', 'contacted', 'rejected', 'converted'] as const;
    await t.db.insert(leads).values(
      Array.from({ length: 300 }, (_, i) => ({
        reference: `S${i}`,
        firstName: i % 4 ? 'Ana' : 'Rui',
        lastName: i % 3 ? 'Silva' : 'Costa',
        vehicleMake: ['BMW', 'Audi', 'Fiat'][i % 3]!,
        vehicleModel: 'X',
        status: statuses[i % 7]!,
        emailSource: i % 5 ? 'geral' : 'comercial',
        starred: i % 11 === 0,
        // Runs of three equal instants, spread over ten days.
        lastInteractionAt: hoursAgo(Math.floor(i / 3) * 2.4),
      })),
    );
    const first = await service().list(userId, { limit: 200 });
    const rest = await service().list(userId, { limit: 200, cursor: first.nextCursor! });
    everyLead = [...first.items, ...rest.items];
  });
  afterAll(() => t.close());

  function reference(q: LeadListQuery) {
    const term = q.search?.toLowerCase();
    const matchesSearch = (l: LeadListItem) =>
      !term ||
      [l.reference, l.firstName, l.lastName ?? '', l.email ?? '', l.vehicleMake, l.vehicleModel]
        .join(' ')
        .toLowerCase()
        .includes(term);
    const okStatus = (l: LeadListItem) => !q.status || q.status.includes(l.status);
    const okSource = (l: LeadListItem) => !q.source || q.source.includes(l.emailSource);
    const okLate = (l: LeadListItem) => !q.late || latenessLevel(l.status, l.lastInteractionAt, NOW) >= 1;
    const matches = everyLead.filter(matchesSearch);
    const shown = matches
      .filter((l) => okStatus(l) && okSource(l) && okLate(l))
      .sort(
        (a, b) =>
          Number(b.starred) - Number(a.starred) ||
          b.lastInteractionAt.localeCompare(a.lastInteractionAt) ||
          b.id - a.id,
      );
    const hidden = term
      ? {
          total: matches.length - shown.length,
          byStatus: matches.filter((l) => !okStatus(l)).length,
          bySource: matches.filter((l) => !okSource(l)).length,
          byLate: matches.filter((l) => !okLate(l)).length,
        }
      : null;
    return { ids: shown.map((l) => l.id), total: shown.length, hidden };
  }

  async function allPages(query: LeadListQuery, searchCountCap?: number) {
    const pages: LeadListResponse[] = [];
    let cursor: string | undefined;
    do {
      const page = await service(searchCountCap).list(userId, { ...query, limit: 7, cursor });
      pages.push(page);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 100);
    return pages;
  }

  it('reads every lead into the reference', () => {
    expect(new Set(everyLead.map((l) => l.id)).size).toBe(300);
  });

  it.each<[LeadListQuery, number]>([
    [{}, 300],
    [{ status: ['requested', 'waiting'], late: true }, 30],
    [{ search: 'silva' }, 200],
    [{ search: 'bmw', status: ['requested', 'quoted', 'waiting'], source: ['geral'] }, 30],
    [{ search: 'ana', late: true }, 100],
    [{ search: 's1', status: ['rejected'] }, 10],
    [{ search: 'nobody' }, 0],
    [{ search: 'costa', status: [] }, 0],
  ])('%o (at least %i leads)', async (query, atLeast) => {
    const expected = reference(query);
    expect(expected.total).toBeGreaterThanOrEqual(atLeast);
    const pages = await allPages(query);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected.ids);
    for (const p of pages)
      expect({ total: p.total, hidden: p.hidden, capped: p.capped }).toEqual({
        total: expected.total,
        hidden: expected.hidden,
        capped: false,
      });
  });

  it('past the count cap, a search still pages through every match and says its counts are lower bounds', async () => {
    const query: LeadListQuery = { search: 'silva', status: ['requested', 'quoted', 'waiting'] };
    const expected = reference(query);
    const pages = await allPages(query, 50);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected.ids);
    for (const p of pages) {
      expect(p.capped).toBe(true);
      expect(p.total).toBeLessThanOrEqual(expected.total);
      expect(p.total + p.hidden!.total).toBe(51);
      expect(p.hidden!.byStatus).toBeLessThanOrEqual(expected.hidden!.byStatus);
    }
    // Under the cap nothing changes.
    const exact = await service(1000).list(userId, { ...query, limit: 7 });
    expect({ total: exact.total, capped: exact.capped }).toEqual({ total: expected.total, capped: false });
  });
});
