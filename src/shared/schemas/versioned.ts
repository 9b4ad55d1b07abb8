/**
 * Optimistic concurrency (docs/decisions/022-optimistic-concurrency.md): every versioned record
 * answers its `version`; a write may send the version it was based on, as the `version` body field
 * or an `If-Match` header. A write based on an older version answers 409 with code STALE_VERSION.
 */
import { z } from 'zod';
import { INT4_MAX } from './common.ts';

/** Error code of a write based on a stale version (HTTP 409). */
export const STALE_VERSION = 'STALE_VERSION';

/** The message a stale write answers, naming the record: 'This import was changed by someone else. ...' */
export const staleVersionMessage = (record: string) =>
  `This ${record} was changed by someone else. Reload to see the latest.`;

/**
 * The optional `version` of a write body: the version the client read. 0 is what a record not yet
 * saved answers (a mailbox's signature, any singleton or lazily created row): its first save
 * passes, and against a row someone else created meanwhile it is stale (409).
 */
export const versionField = z
  .number({ error: 'Version must be a whole number' })
  .int('Version must be a whole number')
  .min(0, 'Version must be 0 or more')
  .max(INT4_MAX, 'Version must be 0 or more')
  .optional();

/** The `version` every versioned record answers. */
export const versionSchema = z.number();

/** What the API reference says of the optional `If-Match` header of a versioned write (ADR 034). */
export const IF_MATCH_DESCRIPTION =
  'The version the edit is based on (ADR 022), as the record answered it: `"3"`, `3` or `W/"3"`; a stale one answers 409 STALE_VERSION and writes nothing. A `version` in the body wins; without either the write is not checked.';

/**
 * The request headers a versioned write declares: `If-Match`, optional. Any string passes here (the
 * route reads it with `expectedVersion`, which answers 400 for a malformed one); other headers pass
 * through untouched.
 */
export const ifMatchHeadersSchema = z.looseObject({
  'if-match': z.string().optional().meta({ description: IF_MATCH_DESCRIPTION }),
});
