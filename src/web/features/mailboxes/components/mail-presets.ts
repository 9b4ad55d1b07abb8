import type { ServerEndpointInput } from '#shared/schemas/mailboxes.ts';

/** Common providers' servers (the dialog fills host, port and security; everything stays editable). */
export interface MailPreset {
  id: string;
  label: string;
  imap: ServerEndpointInput;
  smtp: ServerEndpointInput;
  note?: string;
}

export const MAIL_PRESETS: MailPreset[] = [
  {
    id: 'gmail',
    label: 'Gmail / Google Workspace (app password)',
    imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
    note: 'Needs 2-step verification and an app password; Connect with Google is simpler.',
  },
  {
    id: 'outlook',
    label: 'Outlook.com / Microsoft 365',
    imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
    note: 'The tenant must allow IMAP and SMTP AUTH for this mailbox.',
  },
  {
    id: 'zoho',
    label: 'Zoho Mail (EU)',
    imap: { host: 'imap.zoho.eu', port: 993, security: 'tls' },
    smtp: { host: 'smtp.zoho.eu', port: 465, security: 'tls' },
  },
  {
    id: 'sapo',
    label: 'SAPO Mail',
    imap: { host: 'imap.sapo.pt', port: 993, security: 'tls' },
    smtp: { host: 'smtp.sapo.pt', port: 465, security: 'tls' },
  },
  {
    id: 'yahoo',
    label: 'Yahoo Mail',
    imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
  },
  {
    id: 'other',
    label: 'Other provider',
    imap: { host: '', port: 993, security: 'tls' },
    smtp: { host: '', port: 465, security: 'tls' },
  },
];
