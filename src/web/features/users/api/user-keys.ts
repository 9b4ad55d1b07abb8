/**
 * Query keys of user management. Every users key starts with '/api/users' and every audit key with
 * '/api/admin/security-audit-logs', so invalidating the prefix (writes, live events) refreshes them.
 */
export const USERS_KEY = ['/api/users'] as const;
export const AUDIT_LOG_KEY = ['/api/admin/security-audit-logs'] as const;
