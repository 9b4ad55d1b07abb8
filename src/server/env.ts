import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, validated once at start (README has the table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Built web app to serve (default dist/web next to the sources). */
  WEB_ROOT: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TRUST_PROXY: bool.default(false),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
