import { z } from 'zod';
import { trackingPath } from '#shared/imports/tracking.ts';

/**
 * Customer links (docs/rulings.md ruling 23, ADR 053): every link a customer receives starts with the
 * server's PUBLIC_URL, never with the address the staff member's browser used. GET /api/public-url.
 */
export const publicUrlSchema = z.object({ publicUrl: z.string() });
export type PublicUrl = z.infer<typeof publicUrlSchema>;

const join = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** The customer's proposal page, in Portuguese. */
export const customerProposalUrl = (publicUrl: string, publicId: string) => join(publicUrl, `/proposta/${publicId}`);

/** The customer's import tracking page. */
export const customerTrackingUrl = (publicUrl: string, publicId: string) => join(publicUrl, trackingPath(publicId));
