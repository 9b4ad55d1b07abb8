import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { leads, userLeadViews } from '#server/db/schema/leads.ts';
import { insertLead, insertUser } from '#test/factories.ts';
import { toLeadListItem } from './lead-list-item.ts';
import { leadListColumns } from './leads.repository.ts';

describe('lead list columns: seen per user (ADR 012)', () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  it('is seen after opening or after mark-all-as-read, per user', async () => {
    const db = t.db;
    const ana = await insertUser(db);
    const rui = await insertUser(db);
    const old = await insertLead(db, {
      reference: 'LC1',
      firstName: 'Old',
      vehicleMake: 'BMW',
      vehicleModel: '320d',
      phone: '912 345 678',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const fresh = await insertLead(db, {
      reference: 'LC2',
      firstName: 'New',
      vehicleMake: 'Audi',
      vehicleModel: 'A4',
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });
    expect(old.phoneNormalized).toBe('+351912345678');

    const seen = async (userId: number, leadId: number) => {
      const [row] = await db.select(leadListColumns(userId)).from(leads).where(eq(leads.id, leadId));
      return toLeadListItem(row!).seen;
    };
    expect(await seen(ana.id, old.id)).toBe(false);

    await db.insert(userLeadViews).values({ userId: ana.id, leadId: old.id });
    expect(await seen(ana.id, old.id)).toBe(true);
    expect(await seen(rui.id, old.id)).toBe(false);

    await db
      .update(users)
      .set({ leadsSeenBefore: new Date('2026-03-01T00:00:00Z') })
      .where(eq(users.id, rui.id));
    expect(await seen(rui.id, old.id)).toBe(true);
    expect(await seen(rui.id, fresh.id)).toBe(false);

    const [row] = await db.select(leadListColumns(ana.id)).from(leads).where(eq(leads.id, fresh.id));
    expect(toLeadListItem(row!)).toMatchObject({
      reference: 'LC2',
      createdAt: '2026-06-01T00:00:00.000Z',
      seen: false,
      starred: false,
      status: 'requested',
    });
  });
});
