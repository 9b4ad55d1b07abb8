import { z } from 'zod';
import { dbIdSchema } from './common.ts';
import { PROPOSAL_LIMITS } from './proposals.ts';
import { webLink } from './common.ts';
import { RATE_PATTERN } from '#shared/proposals/currency.ts';

/**
 * The browser extension's calls to the back office (ADR 032), authenticated with a personal access
 * token. The server never trusts figures from the extension: it parses the page's HTML itself.
 */

/** GET /api/extension/me: whose token it is, and the back office's defaults for new proposals. */
export const extensionMeSchema = z.object({
  user: z.object({ id: z.number(), name: z.string() }),
  defaults: z.object({ transportCost: z.string(), registrationFee: z.string() }),
  /** The admin's rate table (ADR 055): the panel converts a foreign price at the same rates as the editor. */
  exchangeRates: z.array(z.object({ currency: z.string(), eurPerUnit: z.string(), rateDate: z.string() })),
});
export type ExtensionMe = z.infer<typeof extensionMeSchema>;

/** GET /api/extension/leads?q=: the lead picker (name, e-mail or reference). */
export const extensionLeadsQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
});
export const extensionLeadSchema = z.object({
  id: z.number(),
  reference: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  vehicle: z.string(),
  status: z.string(),
});
export type ExtensionLead = z.infer<typeof extensionLeadSchema>;
export const extensionLeadListSchema = z.object({ items: z.array(extensionLeadSchema) });

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string(`${label} must be text`).max(max, `${label} is at most ${max} characters`).nullable(),
  );

/** A lead created from the panel: a name at least. */
export const extensionNewLeadSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: optionalText(100, 'Last name').optional(),
  email: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
      z.email('Invalid email format').max(255).nullable(),
    )
    .optional(),
  phone: optionalText(50, 'Phone').optional(),
});
export type ExtensionNewLead = z.infer<typeof extensionNewLeadSchema>;

/** POST /api/extension/capture: the page the user is looking at becomes a proposal on a lead. */
export const extensionCaptureSchema = z
  .object({
    url: z.string('The page address is missing').pipe(webLink({ invalid: 'The page address is not a web address' })),
    html: z
      .string('The page is missing')
      .min(1, 'The page is missing')
      .max(PROPOSAL_LIMITS.maxPageBytes, 'The page is larger than 5 MB'),
    leadId: dbIdSchema('Choose a lead').optional(),
    newLead: extensionNewLeadSchema.optional(),
    /** A foreign-currency listing: the rate the panel showed (euros per unit), else the table's (ADR 055). */
    exchangeRate: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v),
        z
          .string('The exchange rate must be text')
          .regex(RATE_PATTERN, 'Exchange rate must be euros per unit, e.g. 0.2345')
          .refine((r) => Number(r) > 0, 'Exchange rate must be above zero'),
      )
      .optional(),
    exchangeRateDate: z
      .string('Rate date must be written YYYY-MM-DD')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Rate date must be written YYYY-MM-DD')
      .optional(),
  })
  .refine((v) => (v.leadId === undefined) !== (v.newLead === undefined), {
    message: 'Choose a lead or create one',
    path: ['leadId'],
  });
export type ExtensionCaptureInput = z.input<typeof extensionCaptureSchema>;

export const extensionCaptureResponseSchema = z.object({
  leadId: z.number(),
  leadReference: z.string(),
  proposalId: z.number(),
  /** The back-office path that opens the proposal in the editor. */
  editorPath: z.string(),
  photos: z.number(),
  failedPhotos: z.number(),
});
export type ExtensionCaptureResponse = z.infer<typeof extensionCaptureResponseSchema>;

/** The lead page with the proposal editor open on one proposal. */
export const proposalEditorPath = (leadId: number, proposalId: number) =>
  `/admin/leads/${leadId}?proposal=${proposalId}`;
