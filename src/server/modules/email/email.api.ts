// What the e-mail module offers on purpose outside it: the start-up data it needs.

/** The proposal-email template on a fresh install (start-up, idempotent). */
export { ensureDefaultTemplates } from './templates.service.ts';
