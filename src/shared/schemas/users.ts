import { z } from 'zod';

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API returns it: the password hash never leaves the server. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
export type User = z.infer<typeof userSchema>;

const PASSWORD_RULE_MESSAGE = 'Password must be at least 8 characters with uppercase, lowercase, and number';
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;

/** At least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

/** Omitted: unchanged; blank or null: cleared. */
const optionalName = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to set a new one';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const USERNAME_ADMIN_ONLY = 'Only an administrator can change a username';

/**
 * Edit Profile and Edit User: a field left out keeps its value, and a blank password is omitted so
 * the current one is kept. A new password of one's own needs the current one (`currentPassword`).
 * The same schema validates the dialog and the server.
 */
export const userUpdateSchema = z.object({
  /** Only admins may change a username (the server answers 403 otherwise). */
  username: z
    .string('Username must be at least 3 characters')
    .trim()
    .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters')
    .max(100, 'Username must be at most 100 characters')
    .optional(),
  email: z
    .string('Valid email is required')
    .trim()
    .email('Valid email is required')
    .max(255, 'Valid email is required')
    .optional(),
  password: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v : undefined))
    .refine((v) => v === undefined || isStrongPassword(v), PASSWORD_RULE_MESSAGE),
  currentPassword: z
    .string()
    .max(1000)
    .optional()
    .transform((v) => (v ? v : undefined)),
  firstName: optionalName,
  lastName: optionalName,
  /** Only admins may change a role (the server answers 403 otherwise). */
  role: z.enum(ROLES, 'Please select a role').optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** Name shown in the sidebar footer and greetings: first and last name, else the e-mail, else the username. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || user.username;
}
