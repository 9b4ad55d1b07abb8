import { z } from 'zod';
import { LINK_MAX_LENGTH, normaliseWebLink } from '#shared/links.ts';

/** Body of every error answer (see src/server/plugins/errors.ts). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Largest value of a PostgreSQL integer (int4) column: every table id is one. */
export const INT4_MAX = 2_147_483_647;

/** A row id sent by a caller: a positive whole number within the id columns' range. */
export const dbIdSchema = (message = 'id must be a positive integer') =>
  z.number(message).int(message).positive(message).max(INT4_MAX, 'No such record: the id is out of range');

export const idParamSchema = z.object({
  id: z.coerce
    .number()
    .int('id must be a positive integer')
    .positive('id must be a positive integer')
    .max(INT4_MAX, 'No such record: the id is out of range'),
});

export const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A link (src/shared/links.ts): an http(s) address, answered in its normalised form, at most
 * LINK_MAX_LENGTH characters once normalised. A response schema reads a link back as a plain
 * string, so an answer never refuses what was stored.
 */
export function webLink(messages: { invalid: string; tooLong?: string }) {
  const tooLong = messages.tooLong ?? `A link is at most ${LINK_MAX_LENGTH} characters`;
  return z.string(messages.invalid).transform((s, ctx) => {
    const href = normaliseWebLink(s);
    if (href === null) ctx.addIssue({ code: 'custom', message: messages.invalid, input: s });
    else if (href.length > LINK_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: tooLong, input: s });
    else return href;
    return z.NEVER;
  });
}

/** An optional link field: blank (or absent) is null, anything else follows webLink. */
export function webLinkSchema(messages: { invalid: string; tooLong?: string }) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)), webLink(messages).nullable());
}
