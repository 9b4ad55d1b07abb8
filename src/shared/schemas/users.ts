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
  /** Optimistic concurrency: sent back with an edit (ADR 022). */
  version: z.number().int(),
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
  /** The version the editor started from; a stale one answers 409 STALE_VERSION (ADR 022). */
  version: z.number().int().positive().max(2_147_483_647).optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** Name shown in the sidebar footer and greetings: first and last name, else the e-mail, else the username. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || user.username;
}

/**
 * Add User (ADR 029): each password rule has its own message. Names are optional;
 * blank ones are stored as null.
 */
export const userCreateSchema = z.object({
  username: z
    .string('Username must be at least 3 characters')
    .trim()
    .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters')
    .max(100, 'Username must be at most 100 characters'),
  email: z
    .string('Valid email is required')
    .trim()
    .email('Valid email is required')
    .max(255, 'Valid email is required'),
  password: z
    .string('Password must be at least 8 characters long')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
    .max(1000, 'Password must be at most 1000 characters')
    .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
    .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
    .regex(/\d/, 'Password must contain at least one number'),
  role: z.enum(ROLES, 'Please select a role'),
  firstName: optionalName,
  lastName: optionalName,
});
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** GET /api/users: an optional search over name, username and e-mail. */
export const usersQuerySchema = z.object({
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});

export const usersListSchema = z.array(userSchema);

export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const LAST_ADMIN_DELETE = 'The last admin cannot be deleted. Make another user an admin first.';
export const LAST_ADMIN_DEMOTE = 'The last admin cannot lose the admin role. Make another user an admin first.';
export const DELETE_USER_CONFIRM = 'Are you sure you want to delete this user?';
/** How the author of a record shows once their account is deleted (ADR 029). */
export const DELETED_USER_SUFFIX = ' (deleted user)';
