import { z } from 'zod';

/**
 * The security audit log's one vocabulary: every event any module writes, with its label for the
 * Users screen's card and filter. A module that audits something new adds its event here (one line).
 */
export const AUDIT_EVENT_LABELS = {
  login_success: 'Login success',
  login_failure: 'Login failure',
  account_locked: 'Account locked',
  logout: 'Logout',
  password_changed: 'Password changed',
  user_created: 'User created',
  user_deleted: 'User deleted',
  role_changed: 'Role changed',
  settings_changed: 'Settings changed',
  backup_created: 'Backup created',
  backup_restored: 'Backup restored',
  backup_failed: 'Backup failed',
  mailbox_connected: 'Mailbox connected',
  mailbox_connect_failed: 'Mailbox connection failed',
  mailbox_disconnected: 'Mailbox disconnected',
  mailbox_tested: 'Mailboxes tested',
  api_token_created: 'Access token created',
  api_token_revoked: 'Access token revoked',
  proposal_shared: 'Proposal link shared',
  lead_owner_changed: 'Lead owner changed',
} as const;

export type AuditEvent = keyof typeof AUDIT_EVENT_LABELS;
export const AUDIT_EVENTS = Object.keys(AUDIT_EVENT_LABELS) as [AuditEvent, ...AuditEvent[]];

/** The card shows 20 events at a time (ADR 029); 'Show more' pages further back. */
export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admin/security-audit-logs: optional filters and the cursor of the page before. */
export const auditLogQuerySchema = z.object({
  event: z.enum(AUDIT_EVENTS, 'Unknown event type').optional(),
  username: z.string().trim().max(100, 'At most 100 characters').optional(),
  /** The id of the oldest entry already shown: the next page holds older ones. */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One entry as written (ADR 016: answers are written, never judged, so the event is any text). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  username: z.string().nullable(),
  ipAddress: z.string().nullable(),
  timestamp: z.coerce.date(),
  details: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The cursor for 'Show more'; null when there is nothing older. */
  nextBefore: z.number().int().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** A label for any event, including one written by a newer version of the app. */
export const auditEventLabel = (event: string): string =>
  event in AUDIT_EVENT_LABELS ? AUDIT_EVENT_LABELS[event as AuditEvent] : event;
