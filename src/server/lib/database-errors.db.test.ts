import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { insertLead, insertProposal } from '#test/factories.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { clientErrorForDatabase } from './database-errors.ts';

/** The refusal each database raises, as Drizzle hands it over, mapped to the caller's 4xx. */
describe('database refusals map to 4xx on this database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const refusal = async (write: () => Promise<unknown>) => {
    const error = await write().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    return clientErrorForDatabase(error);
  };

  it('a duplicate unique value is a conflict', async () => {
    await insertLead(database.db, { reference: 'DUP-1' });
    const mapped = await refusal(() => insertLead(database.db, { reference: 'DUP-1' }));
    expect(mapped).toMatchObject({ sqlState: '23505', error: { code: 'CONFLICT', status: 409 } });
  });

  it('a reference to a missing row is a conflict', async () => {
    const mapped = await refusal(() => insertProposal(database.db, { leadId: 2_000_000_000 }));
    expect(mapped).toMatchObject({ sqlState: '23503', error: { status: 409 } });
  });

  it('text longer than its column is a validation error', async () => {
    const mapped = await refusal(() => insertLead(database.db, { firstName: 'x'.repeat(101) }));
    expect(mapped).toMatchObject({ sqlState: '22001', error: { code: 'VALIDATION', status: 400 } });
  });

  it('a NUL character in text is a validation error', async () => {
    const mapped = await refusal(() => insertLead(database.db, { notes: 'a\u0000b' }));
    expect(mapped?.error.status).toBe(400);
    expect(mapped?.sqlState.slice(0, 2)).toBe('22');
  });
});
