import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Five failed attempts for one username within 15 minutes lock it for 15 minutes. */
export const LOGIN_LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export const AUDIT_EVENTS = [
  'login_success',
  'login_failure',
  'account_locked',
  'password_changed',
  'logout',
  'api_token_created',
  'api_token_revoked',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
