/**
 * The inbox (docs/decisions/065-inbox-and-lead-owners.md): one row per lead whose last message is
 * the customer's and not yet answered, newest first.
 */
import { z } from 'zod';
import { emailSourceSchema, leadStatusSchema } from './leads.ts';

export const INBOX_FILTERS = ['mine', 'unassigned', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = { mine: 'Mine', unassigned: 'Unassigned', all: 'All' };
export const INBOX_PAGE_SIZE = 50;

export const inboxQuerySchema = z.object({
  filter: z.enum(INBOX_FILTERS, 'Filter is mine, unassigned or all').default('all'),
  /** `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_\d{1,10}$/, 'Not a page of the inbox')
    .optional(),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  leadId: z.number(),
  reference: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: leadStatusSchema,
  assignedTo: z.number().nullable(),
  ownerName: z.string().nullable(),
  mailbox: emailSourceSchema,
  /** The customer's first unanswered e-mail: the waiting time counts from it. */
  waitingSince: z.string(),
  /** The customer's latest e-mail (the order). */
  lastMessageAt: z.string(),
  subject: z.string().nullable(),
  /** The first lines of the customer's latest e-mail. */
  preview: z.string().nullable(),
  /** Nobody on staff opened the lead since the customer wrote (docs/rulings.md ruling 21). */
  unread: z.boolean(),
  version: z.number(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({ items: z.array(inboxItemSchema), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** The sidebar's count: unread conversations that are mine or nobody's, counted up to 100 (shown as 99+). */
export const inboxCountSchema = z.object({ count: z.number() });
