import { createHash, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '#server/db/client.ts';
import { proposals, storedMedia } from '#server/db/schema/proposals.ts';
import { attachMediaToProposal, deleteMediaNotIn, insertStoredMedia, mediaKeyFromUrl } from './media.repository.ts';
import type { StoredPhoto } from './photo-import.ts';

let counter = 0;
function photo(overrides: Partial<StoredPhoto> = {}): StoredPhoto {
  counter += 1;
  // Every byte value, so a driver that mangles bytea (text encoding, nulls) is caught.
  const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from(`photo ${counter}`)]);
  return {
    data,
    contentType: 'image/jpeg',
    width: 1920,
    height: 1080,
    sha256: createHash('sha256').update(data).digest('hex'),
    sourceUrl: `https://img.classistatic.de/${counter}.jpg`,
    ...overrides,
  };
}

describe('media repository', () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  const newProposal = async () =>
    (await t.db.insert(proposals).values({ publicId: randomUUID() }).returning({ id: proposals.id }))[0]!.id;
  const keysOf = async (proposalId: number) =>
    (
      await t.db
        .select({ key: storedMedia.key })
        .from(storedMedia)
        .where(eq(storedMedia.proposalId, proposalId))
        .orderBy(asc(storedMedia.id))
    ).map((r) => r.key);

  it('stores a photo under a random 32-hex key and gives its /media url', async () => {
    const proposalId = await newProposal();
    const input = photo({ contentType: 'image/webp', width: 800, height: 600, sourceUrl: null });
    const { key, url } = await insertStoredMedia(t.db, input, proposalId);
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect(url).toBe(`/media/${key}`);
    const [row] = await t.db.select().from(storedMedia).where(eq(storedMedia.key, key));
    expect(row).toMatchObject({
      proposalId,
      contentType: 'image/webp',
      byteSize: input.data.length,
      width: 800,
      height: 600,
      sha256: input.sha256,
      sourceUrl: null,
    });
    expect(Buffer.from(row!.data).equals(input.data)).toBe(true);
    const other = await insertStoredMedia(t.db, photo(), null);
    expect(other.key).not.toBe(key);
  });

  it('works inside a transaction and rolls back with it', async () => {
    let key = '';
    await t.db
      .transaction(async (tx) => {
        key = (await insertStoredMedia(tx, photo(), null)).key;
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await t.db.select().from(storedMedia).where(eq(storedMedia.key, key))).toEqual([]);
  });

  it('attaches unattached media, never media of another proposal', async () => {
    const mine = await newProposal();
    const theirs = await newProposal();
    const upload = await insertStoredMedia(t.db, photo(), null);
    const already = await insertStoredMedia(t.db, photo(), mine);
    const foreign = await insertStoredMedia(t.db, photo(), theirs);
    await attachMediaToProposal(t.db, [upload.key, already.key, foreign.key, 'ffffffffffffffffffffffffffffffff'], mine);
    expect(await keysOf(mine)).toEqual([upload.key, already.key]);
    expect(await keysOf(theirs)).toEqual([foreign.key]);
    await attachMediaToProposal(t.db, [], mine);
  });

  it('deletes a proposal’s media not kept, and only that proposal’s', async () => {
    const mine = await newProposal();
    const theirs = await newProposal();
    const [a, b, c] = [
      await insertStoredMedia(t.db, photo(), mine),
      await insertStoredMedia(t.db, photo(), mine),
      await insertStoredMedia(t.db, photo(), mine),
    ];
    const foreign = await insertStoredMedia(t.db, photo(), theirs);
    const loose = await insertStoredMedia(t.db, photo(), null);
    expect(await deleteMediaNotIn(t.db, mine, [a.key, c.key, foreign.key])).toBe(1);
    expect(await keysOf(mine)).toEqual([a.key, c.key]);
    expect(b).toBeDefined();
    expect(await deleteMediaNotIn(t.db, mine, [])).toBe(2);
    expect(await keysOf(mine)).toEqual([]);
    expect(await keysOf(theirs)).toEqual([foreign.key]);
    expect(
      await t.db.select({ id: storedMedia.id }).from(storedMedia).where(eq(storedMedia.key, loose.key)),
    ).toHaveLength(1);
  });

  it('goes away with its proposal', async () => {
    const proposalId = await newProposal();
    const { key } = await insertStoredMedia(t.db, photo(), proposalId);
    await t.db.delete(proposals).where(eq(proposals.id, proposalId));
    expect(await t.db.select().from(storedMedia).where(eq(storedMedia.key, key))).toEqual([]);
  });
});

describe('mediaKeyFromUrl', () => {
  it.each([
    ['/media/0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef'],
    ['/media/0123456789abcdef', '0123456789abcdef'],
    ['/media/ABCDEF0123456789', 'ABCDEF0123456789'],
    ['https://img.classistatic.de/media/0123456789abcdef0123456789abcdef', null],
    ['/media/0123456789abcdef0123456789abcdef/x', null],
    ['/media/../etc/passwd', null],
    ['/media/short', null],
    ['/media/0123456789abcdeg', null],
    ['/other/0123456789abcdef0123456789abcdef', null],
    ['', null],
  ])('%s → %s', (url, key) => {
    expect(mediaKeyFromUrl(url)).toBe(key);
  });
});
