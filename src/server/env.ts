import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which peers may tell the client's address (X-Forwarded-For) and scheme: `false` (none), a hop
 * count, or the proxies' addresses and CIDR ranges (proxy-addr also knows loopback, linklocal and
 * uniquelocal). `true` would let any client choose its own address, so it is refused (ADR 018).
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP =
  'name the reverse proxy: its address or CIDR range, comma-separated (e.g. 127.0.0.1 when nginx runs on this machine, or 10.0.0.0/8), or the number of proxies in front of the app (e.g. 1)';

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const version = isIP(addr);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({ code: 'custom', message: `'${raw}' would trust any client's X-Forwarded-For: ${TRUST_PROXY_HELP}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const wrong = entries.filter((e) => !isProxyEntry(e));
  if (wrong.length) {
    ctx.addIssue({
      code: 'custom',
      message: `'${wrong.join(', ')}' is not an address or CIDR range: ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many peers, whoever they are. */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return hops === 0 ? false : (_addr, hop) => hop < hops;
}

/** The public origin: http(s), scheme and host only (a trailing slash is dropped). */
const publicUrl = z.string().transform((raw, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    ctx.addIssue({
      code: 'custom',
      message: `must be the site's http(s) origin with no path, e.g. https://www.example.pt (got '${raw}')`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/** Every environment variable the server reads, validated once at start (README has the table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Built web app to serve (default dist/web next to the sources). */
  WEB_ROOT: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL only: connections in the pool (bench/README.md "Idle re-run, this session"). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Origin of absolute links (sitemap, link previews, e-mails); default http://localhost:PORT (ADR 018). */
  PUBLIC_URL: publicUrl.optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A session unused this long is refused, even before SESSION_TTL_DAYS (ADR 017). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  ISV_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SCRAPE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * TEST ONLY: one exact origin (e.g. http://127.0.0.1:4567) that listing and photo reads may use
   * despite the https, marketplace-host and public-address rules. Never set in production.
   */
  LISTING_FETCH_TEST_ORIGIN: z
    .string()
    .regex(/^http:\/\/(127\.0\.0\.1|localhost):\d{2,5}$/, 'LISTING_FETCH_TEST_ORIGIN must be http://127.0.0.1:PORT')
    .optional(),
  /** Where backups are written; default DATA_DIR/backups (ADR 030; loadEnv fills it in). */
  BACKUP_DIR: z.string().default('./data/backups'),
  /** Optional second copy of every backup (a NAS or USB disk), written the same safe way. */
  BACKUP_COPY_DIR: z.string().optional(),
  /**
   * Chromium extension ids allowed to call /api/extension/* (comma-separated); default the pinned
   * id of this project's extension (src/shared/extension.ts, ADR 032).
   */
  EXTENSION_IDS: z
    .string()
    .regex(/^[a-p]{32}(,[a-p]{32})*$/, 'EXTENSION_IDS must be comma-separated extension ids (32 letters a-p)')
    .transform((v) => v.split(','))
    .optional(),
  /** Key sealing mailbox passwords and tokens: 32 random bytes, base64 (default: DATA_DIR/mail-secret.key, docs/mail.md). */
  MAIL_SECRET_KEY: z.string().optional(),
  /** Google sign-in for Gmail / Workspace mailboxes (docs/mail.md: creating the OAuth client). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_AUTH_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  GOOGLE_OAUTH_REVOKE_URL: z.url().optional(),
  /** Gmail's servers as host:port[:tls|starttls|none] (tests point them at the local rig). */
  GMAIL_IMAP: z.string().optional(),
  GMAIL_SMTP: z.string().optional(),
  /** Allows security 'none' (no TLS) towards hosts other than this machine. */
  MAIL_ALLOW_INSECURE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Minutes between two polls of each mailbox (spec: 5). */
  MAIL_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Seconds between two looks for due tasks (ADR 066; browser tests lower it). */
  TASK_DUE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Seconds between two manual 'Check e-mails' of one mailbox. */
  MAIL_CHECK_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // Backups live with the data unless told otherwise: a DATA_DIR elsewhere takes its backups along.
  cleaned.BACKUP_DIR ??= path.join(cleaned.DATA_DIR ?? './data', 'backups');
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
