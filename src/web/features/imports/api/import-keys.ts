/**
 * Query keys of imports. Every key starts with '/api/imports', so invalidating that prefix (a write,
 * a live import event) refreshes the list and an open import alike.
 */
export const IMPORTS_KEY = ['/api/imports'] as const;
export const importKey = (id: number) => ['/api/imports', id] as const;
export const SUPPLIERS_KEY = ['/api/suppliers'] as const;
export const DASHBOARD_KEY = ['/api/dashboard/stats'] as const;
