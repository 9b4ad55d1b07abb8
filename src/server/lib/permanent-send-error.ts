/**
 * The server refused the message for good (a 5xx answer): retrying cannot help. A sender
 * (integrations/mail-send/mail-sender.ts, the outbox's port) throws it; the outbox gives the message
 * up at once. Here, so both reach it without the outbox importing an adapter (ADR 071).
 */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}
