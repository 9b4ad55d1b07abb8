import { z } from 'zod';

/** GET /api/health: anonymous callers learn only that the app is up; signed-in staff also the database. */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['pglite', 'postgres']).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
