// What the e-mail module offers on purpose outside it: the start-up data it needs.

/** The proposal-email template on a fresh install (start-up, idempotent). */
export { ensureDefaultTemplates } from './templates.service.ts';

/** A bounce of a message the outbox sent, marked on its timeline entry (the mail-in sync calls it). */
export { markBounced, type BouncedEmail } from './bounce.service.ts';
