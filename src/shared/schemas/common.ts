import { z } from 'zod';

/** Body of every error answer (see src/server/plugins/errors.ts). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive('id must be a positive integer') });

export const isoDateTime = z.iso.datetime({ offset: true });
