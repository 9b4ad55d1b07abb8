/**
 * How the app reaches mail servers and Google, from the environment (docs/mail.md lists every
 * variable). Tests point Google and Gmail's hosts at the local rig.
 */
import { randomBytes } from 'node:crypto';

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

export interface ServerEndpoint {
  host: string;
  port: number;
  security: MailSecurity;
}

export interface GoogleOAuthSettings {
  clientId: string | null;
  clientSecret: string | null;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

export interface MailSettings {
  /** 32-byte key that seals mailbox secrets (never stored in the database). */
  secretKey: Buffer;
  google: GoogleOAuthSettings;
  gmailImap: ServerEndpoint;
  gmailSmtp: ServerEndpoint;
  /** MAIL_ALLOW_INSECURE: security 'none' towards hosts other than loopback. */
  allowInsecure: boolean;
  /** Minutes between two polls of a mailbox (MAIL_POLL_MINUTES, default 5). */
  pollMinutes: number;
  /** Seconds between two manual checks of one mailbox. */
  checkCooldownSeconds: number;
  /** Socket timeouts (ms) for IMAP and SMTP. */
  timeoutMs: number;
}

export const GOOGLE_DEFAULTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
};

export const GMAIL_IMAP: ServerEndpoint = { host: 'imap.gmail.com', port: 993, security: 'tls' };
export const GMAIL_SMTP: ServerEndpoint = { host: 'smtp.gmail.com', port: 465, security: 'tls' };

export function parseEndpoint(value: string | undefined, fallback: ServerEndpoint): ServerEndpoint {
  if (!value) return fallback;
  // host:port[:security]
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})(?::(tls|starttls|none))?$/.exec(value.trim());
  if (!m) throw new Error(`'${value}' must be host:port or host:port:tls|starttls|none`);
  return {
    host: m[1]!.replace(/^\[|\]$/g, ''),
    port: Number(m[2]),
    security: (m[3] as MailSecurity) ?? fallback.security,
  };
}

/** Settings from the environment (main.ts); `secretKey` is loaded separately (secret-box.ts). */
export function mailSettingsFromEnv(
  env: {
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    GOOGLE_OAUTH_AUTH_URL?: string;
    GOOGLE_OAUTH_TOKEN_URL?: string;
    GOOGLE_OAUTH_REVOKE_URL?: string;
    GMAIL_IMAP?: string;
    GMAIL_SMTP?: string;
    MAIL_ALLOW_INSECURE: boolean;
    MAIL_POLL_MINUTES: number;
    MAIL_CHECK_COOLDOWN_SECONDS: number;
  },
  secretKey: Buffer,
): MailSettings {
  return {
    secretKey,
    google: {
      clientId: env.GOOGLE_CLIENT_ID ?? null,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
      authUrl: env.GOOGLE_OAUTH_AUTH_URL ?? GOOGLE_DEFAULTS.authUrl,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL ?? GOOGLE_DEFAULTS.tokenUrl,
      revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL ?? GOOGLE_DEFAULTS.revokeUrl,
    },
    gmailImap: parseEndpoint(env.GMAIL_IMAP, GMAIL_IMAP),
    gmailSmtp: parseEndpoint(env.GMAIL_SMTP, GMAIL_SMTP),
    allowInsecure: env.MAIL_ALLOW_INSECURE,
    pollMinutes: env.MAIL_POLL_MINUTES,
    checkCooldownSeconds: env.MAIL_CHECK_COOLDOWN_SECONDS,
    timeoutMs: 20_000,
  };
}

/** Defaults for an app built without mail settings (tests): a throw-away key, Google not set up. */
export function defaultMailSettings(overrides: Partial<MailSettings> = {}): MailSettings {
  return {
    secretKey: randomBytes(32),
    google: { clientId: null, clientSecret: null, ...GOOGLE_DEFAULTS },
    gmailImap: GMAIL_IMAP,
    gmailSmtp: GMAIL_SMTP,
    allowInsecure: false,
    pollMinutes: 5,
    checkCooldownSeconds: 30,
    timeoutMs: 10_000,
    ...overrides,
  };
}
