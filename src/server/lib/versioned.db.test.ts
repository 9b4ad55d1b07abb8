import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { suppliers } from '#server/db/schema/imports.ts';
import { createTestDatabase } from '#test/test-db.ts';
import type { AppError } from './app-error.ts';
import { deleteVersioned, expectedVersion, updateVersioned } from './versioned.ts';

const opts = { record: 'supplier', notFoundMessage: 'Supplier not found' };
const request = (ifMatch?: string) =>
  ({ headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } }) as FastifyRequest;

describe('expectedVersion', () => {
  it('prefers the body, then If-Match, else null', () => {
    expect(expectedVersion(request('"4"'), { version: 3 })).toBe(3);
    expect(expectedVersion(request('"4"'), {})).toBe(4);
    expect(expectedVersion(request('W/"7"'))).toBe(7);
    expect(expectedVersion(request('9'))).toBe(9);
    expect(expectedVersion(request())).toBeNull();
    expect(expectedVersion(request('*'))).toBeNull();
  });
  it('refuses a malformed header', () => {
    expect(() => expectedVersion(request('"abc"'))).toThrow('If-Match must be the version you read');
    expect(expectedVersion(request('"0"'))).toBe(0); // a record not saved yet (its first save)
  });
});

describe('versioned writes on this database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const newSupplier = async () => (await database.db.insert(suppliers).values({ name: 'Transportes' }).returning())[0]!;
  const caught = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as AppError,
    );

  it('adds one to the version on every update, checked or not', async () => {
    const s = await newSupplier();
    expect(s.version).toBe(1);
    const a = await updateVersioned(database.db, suppliers, s.id, 1, { name: 'A' }, opts);
    expect(a).toMatchObject({ name: 'A', version: 2 });
    const b = await updateVersioned(database.db, suppliers, s.id, null, { name: 'B' }, opts);
    expect(b).toMatchObject({ name: 'B', version: 3 });
  });

  it('a write based on an old version changes nothing and answers 409 STALE_VERSION', async () => {
    const s = await newSupplier();
    await updateVersioned(database.db, suppliers, s.id, 1, { name: 'First' }, opts);
    const error = await caught(updateVersioned(database.db, suppliers, s.id, 1, { name: 'Second' }, opts));
    expect(error).toMatchObject({
      code: 'STALE_VERSION',
      status: 409,
      message: 'This supplier was changed by someone else. Reload to see the latest.',
    });
    const [row] = await database.db.select().from(suppliers).where(eq(suppliers.id, s.id));
    expect(row).toMatchObject({ name: 'First', version: 2 });
  });

  it('a missing row answers 404 whatever the version', async () => {
    const error = await caught(updateVersioned(database.db, suppliers, 2_000_000, 1, { name: 'X' }, opts));
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Supplier not found' });
  });

  it('of two writers that read the same version, exactly one wins', async () => {
    const s = await newSupplier();
    const results = await Promise.allSettled([
      updateVersioned(database.db, suppliers, s.id, 1, { name: 'Ana' }, opts),
      updateVersioned(database.db, suppliers, s.id, 1, { name: 'Rui' }, opts),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'STALE_VERSION' });
  });

  it('deletes only the version read', async () => {
    const s = await newSupplier();
    await updateVersioned(database.db, suppliers, s.id, null, { name: 'Changed' }, opts);
    expect(await caught(deleteVersioned(database.db, suppliers, s.id, 1, opts))).toMatchObject({
      code: 'STALE_VERSION',
    });
    await deleteVersioned(database.db, suppliers, s.id, 2, opts);
    expect(await caught(deleteVersioned(database.db, suppliers, s.id, null, opts))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
