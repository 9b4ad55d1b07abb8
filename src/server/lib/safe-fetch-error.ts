/**
 * What went wrong in a safeFetch (integrations/listings/safe-fetch.ts), by code; the caller turns
 * codes into the user's messages. Here, not beside the fetch, so a module that is handed the fetch
 * as a port can tell its failures apart without importing the adapter (ADR 071).
 */
export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'credentials_in_url'
  | 'port_not_allowed'
  | 'host_not_allowed'
  | 'dns_failed'
  | 'private_address'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'unsupported_content_type'
  | 'http_error'
  | 'network_error';

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  readonly status?: number;
  /** http_error: the (possibly truncated) body, so callers can recognise anti-bot block pages. */
  readonly body?: Buffer;

  constructor(code: SafeFetchErrorCode, message: string, extra: { status?: number; body?: Buffer } = {}) {
    super(message);
    this.name = 'SafeFetchError';
    this.code = code;
    this.status = extra.status;
    this.body = extra.body;
  }
}
