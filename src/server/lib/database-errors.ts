import { AppError } from './app-error.ts';

/**
 * What a caller is told when PostgreSQL refuses a value the request rules let through: a 4xx with a
 * plain message, never the constraint, table or value. PostgreSQL and PGlite both raise errors that
 * carry the SQLSTATE in `code`; Drizzle wraps them as the `cause` of its own error.
 */
const BY_SQLSTATE: Record<string, AppError> = {
  '23505': new AppError('CONFLICT', 'This record already exists'),
  '23503': new AppError('CONFLICT', 'This refers to a record that does not exist or is still in use'),
  '23502': new AppError('VALIDATION', 'A required value is missing'),
  '23514': new AppError('VALIDATION', 'A value is not allowed'),
  '22001': new AppError('VALIDATION', 'A value is too long'),
  '22003': new AppError('VALIDATION', 'A number is out of range'),
  '22P02': new AppError('VALIDATION', 'A value is not in the expected format'),
  '22007': new AppError('VALIDATION', 'A date is not valid'),
  '22008': new AppError('VALIDATION', 'A date is out of range'),
  '22021': new AppError('VALIDATION', 'Text contains a character that cannot be stored'),
  '22P05': new AppError('VALIDATION', 'Text contains a character that cannot be stored'),
};
const BY_CLASS: Record<string, AppError> = {
  '22': new AppError('VALIDATION', 'A value is not valid'),
  '23': new AppError('CONFLICT', 'The change conflicts with the stored data'),
};

/** The SQLSTATE of a database error found in `error` or its causes, or null. */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, severity, cause } = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
    current = cause;
  }
  return null;
}

/** The 4xx answer for a data or constraint error (SQLSTATE classes 22 and 23); null for anything else. */
export function clientErrorForDatabase(error: unknown): { error: AppError; sqlState: string } | null {
  const state = sqlState(error);
  if (!state) return null;
  const known = BY_SQLSTATE[state] ?? BY_CLASS[state.slice(0, 2)];
  return known ? { error: known, sqlState: state } : null;
}
