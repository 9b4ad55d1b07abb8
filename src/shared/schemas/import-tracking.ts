/** The contract of the public tracking page of an import (src/shared/imports/tracking.ts holds its stages). */
import { z } from 'zod';
import { expectedStageDatesSchema } from '#shared/imports/delivery.ts';
import { importStatusSchema } from './imports.ts';

const isoInstant = z.string();

// ---------------------------------------------------------------------------------------------
// Public tracking page: GET /api/public/tracking/{publicId} (no prices, costs or staff names)
// ---------------------------------------------------------------------------------------------

export const trackingResponseSchema = z.object({
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.number().nullable() }),
  status: importStatusSchema,
  /** Percent complete (IMPORT_PROGRESS). */
  progress: z.number(),
  /** The stages reached, in order, each with the time it was reached (null when skipped). */
  stages: z.array(z.object({ status: importStatusSchema, reachedAt: isoInstant.nullable() })),
  /** When the import was created. */
  startedAt: isoInstant,
  /** The company's public contacts (Settings). */
  company: z.object({ name: z.string(), phone: z.string(), email: z.string(), logoUrl: z.string() }),
  /** The Portuguese proposal page the import came from, or null. */
  proposalPath: z.string().nullable(),
  /** When the car is expected at the customer, YYYY-MM-DD (ADR 068); null when not set, delivered or canceled. */
  expectedDeliveryDate: z.string().nullable(),
  /** Expected dates of the stages not yet reached, YYYY-MM-DD (ADR 068). */
  expectedStageDates: expectedStageDatesSchema,
});
export type TrackingResponse = z.infer<typeof trackingResponseSchema>;
