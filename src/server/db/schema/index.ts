// The whole data model, one file per table group. drizzle-kit reads this file to generate migrations.
export * from './auth.ts';
export * from './settings.ts';
export * from './leads.ts';
export * from './proposals.ts';
export * from './imports.ts';
export * from './messaging.ts';
export * from './jobs.ts';
export * from './backups.ts';
export * from './outbox.ts';
export * from './tasks.ts';
