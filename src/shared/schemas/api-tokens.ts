import { z } from 'zod';

/**
 * Personal access tokens (ADR 032): created, listed and revoked by each staff member in Edit
 * Profile, sent by the browser extension as `Authorization: Bearer <token>`.
 */
export const API_TOKEN_NAME_MAX = 100;
/** At most this many live (not revoked) tokens per user. */
export const API_TOKENS_PER_USER = 20;
/** What a token lets its holder do: only the extension's routes accept one. */
export const API_TOKEN_SCOPE = 'A token can only find leads and create leads and proposals from listing pages';

export const apiTokenCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name is at most ${API_TOKEN_NAME_MAX} characters`),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's first characters, e.g. 'aik_3Fq9'. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** The answer to a creation: the token itself, shown this once. */
export const apiTokenCreatedSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
