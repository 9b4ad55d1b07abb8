/**
 * The company mailboxes (docs/rulings.md ruling 17): connect with Google sign-in or any IMAP/SMTP
 * provider, status with sync health, check now, import a lead by reference. The calls keep the
 * spec's /api/gmail/* names.
 */
import { z } from 'zod';

export const MAIL_ACCOUNTS = ['geral', 'comercial'] as const;
export type MailAccount = (typeof MAIL_ACCOUNTS)[number];
export const MAIL_ACCOUNT_LABELS: Record<MailAccount, string> = { geral: 'Geral', comercial: 'Comercial' };

export const accountParamSchema = z.object({
  account: z.enum(MAIL_ACCOUNTS, "account must be 'geral' or 'comercial'"),
});

export const MAIL_SECURITY_OPTIONS = ['tls', 'starttls', 'none'] as const;

/** A host name or IP address: letters, digits, dots, hyphens (an IPv6 address in brackets or bare). */
const hostSchema = z
  .string('Host is required')
  .trim()
  .min(1, 'Host is required')
  .max(253, 'Host is at most 253 characters')
  .regex(
    /^(\[[0-9a-f:.]+\]|[0-9a-f]*:[0-9a-f:.]*|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/i,
    'Enter a host name such as imap.example.com',
  );

export const serverEndpointSchema = z.object({
  host: hostSchema,
  port: z.coerce
    .number('Port must be a number')
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535'),
  security: z.enum(MAIL_SECURITY_OPTIONS, "Security must be 'tls', 'starttls' or 'none'"),
});
export type ServerEndpointInput = z.infer<typeof serverEndpointSchema>;

export const connectImapSchema = z.object({
  address: z.email('Enter a valid e-mail address').trim().max(255),
  imap: serverEndpointSchema,
  smtp: serverEndpointSchema,
  username: z.string('User name is required').trim().min(1, 'User name is required').max(255),
  password: z.string('Password is required').min(1, 'Password is required').max(1000),
});
export type ConnectImapInput = z.infer<typeof connectImapSchema>;

export const mailboxStatusSchema = z.object({
  account: z.enum(MAIL_ACCOUNTS),
  isAuthenticated: z.boolean(),
  provider: z.enum(['gmail', 'imap']).nullable(),
  address: z.string().nullable(),
  /** Host settings (IMAP/SMTP connections), never the password. */
  imap: z.object({ host: z.string(), port: z.number(), security: z.enum(MAIL_SECURITY_OPTIONS) }).nullable(),
  smtp: z.object({ host: z.string(), port: z.number(), security: z.enum(MAIL_SECURITY_OPTIONS) }).nullable(),
  username: z.string().nullable(),
  /** connected, or needs_reconnect (polling stopped until an admin reconnects). */
  state: z.enum(['not_connected', 'connected', 'needs_reconnect']),
  lastSyncAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  messagesImported: z.number(),
  messagesIgnored: z.number(),
  /** The last successful sync is older than three poll intervals. */
  stale: z.boolean(),
});
export type MailboxStatus = z.infer<typeof mailboxStatusSchema>;

export const gmailStatusSchema = z.object({
  geral: mailboxStatusSchema,
  comercial: mailboxStatusSchema,
  /** Monitoring: the poller runs and at least one mailbox is connected. */
  monitoring: z.object({ active: z.boolean(), everyMinutes: z.number() }),
  /** Google sign-in can be offered (client id and secret set, https or localhost public URL). */
  google: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});
export type GmailStatus = z.infer<typeof gmailStatusSchema>;

export const authUrlSchema = z.object({ authUrl: z.string() });

export const syncResultSchema = z.object({
  account: z.enum(MAIL_ACCOUNTS),
  fetched: z.number(),
  leadsCreated: z.number(),
  addedToTimeline: z.number(),
  ignored: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const checkResultSchema = z.object({
  message: z.string(),
  results: z.array(syncResultSchema),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const testResultSchema = z.object({
  message: z.string(),
  results: z.array(z.object({ account: z.enum(MAIL_ACCOUNTS), ok: z.boolean(), message: z.string() })),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const importLeadSchema = z.object({
  reference: z
    .string('Reference number is required')
    .trim()
    .min(1, 'Reference number is required')
    .max(50, 'A reference is at most 50 characters'),
});

export const importLeadResultSchema = z.object({
  message: z.string(),
  leadId: z.number(),
  reference: z.string(),
  created: z.boolean(),
});
export type ImportLeadResult = z.infer<typeof importLeadResultSchema>;

/** An attachment listed on an imported e-mail's timeline entry. */
export const mailAttachmentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/**
 * A received message the sync could not import (ADR 064), listed in its mailbox's sync health
 * with why, until an admin imports it as text.
 */
export const failedMessageSchema = z.object({
  id: z.number(),
  account: z.enum(MAIL_ACCOUNTS),
  from: z.string().nullable(),
  subject: z.string(),
  /** Why it could not be imported, in plain words. */
  reason: z.string(),
  /** When the sync met it. */
  at: z.string(),
});
export type FailedMessage = z.infer<typeof failedMessageSchema>;

/** GET /api/gmail/{account}/failed-messages: the newest first, at most 100, and how many in all. */
export const failedMessagesSchema = z.object({
  messages: z.array(failedMessageSchema),
  total: z.number(),
});
export type FailedMessages = z.infer<typeof failedMessagesSchema>;

/** POST /api/gmail/failed-messages/{id}/import-as-text: what became of the message's text. */
export const importAsTextResultSchema = z.object({
  message: z.string(),
  leadId: z.number().nullable(),
  reference: z.string().nullable(),
  created: z.boolean(),
});
export type ImportAsTextResult = z.infer<typeof importAsTextResultSchema>;
