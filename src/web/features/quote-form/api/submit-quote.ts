import type { ContactFormPayload, ContactFormResponse } from '#shared/schemas/contact-form.ts';
import { QUOTE_FORM_MESSAGES } from '#shared/schemas/contact-form-rules.ts';

export type SubmitResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * POST /api/contact-form. Errors: on a non-success answer the server's message, else 'Erro ao
 * enviar formulário'; on any other failure its message, else 'Erro interno...'. The browser's own
 * network error ('Failed to fetch') is not a message for a customer, so it counts as none
 * (docs/decisions/009).
 */
export async function submitQuote(payload: ContactFormPayload, fetchImpl: typeof fetch = fetch): Promise<SubmitResult> {
  let res: Response;
  try {
    res = await fetchImpl('/api/contact-form', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'include',
    });
  } catch {
    return { ok: false, message: QUOTE_FORM_MESSAGES.internal };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as ContactFormResponse).message
      : '';
  if (!res.ok) return { ok: false, message: message || QUOTE_FORM_MESSAGES.sendFailed };
  if (!message) return { ok: false, message: QUOTE_FORM_MESSAGES.internal };
  return { ok: true, message };
}
