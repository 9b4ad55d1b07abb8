/** Raised for any non-success answer; message is '{status}: {server message}'. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, without the status prefix. */
  readonly serverMessage: string;
  readonly fields?: Record<string, string>;
  /** The server's error code ('VALIDATION', 'LISTING_BLOCKED'...), when it sent one. */
  readonly code?: string;

  constructor(status: number, serverMessage: string, fields?: Record<string, string>, code?: string) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fields = fields;
    this.code = code;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let message = text;
  let fields: Record<string, string> | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; fields?: Record<string, string>; code?: unknown };
    // A JSON answer without a message has none to show ('{}' never reaches a toast): callers fall back.
    message = typeof body.message === 'string' ? body.message : '';
    fields = body.fields;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    /* not JSON: the raw text stands */
  }
  throw new ApiError(res.status, message, fields, code);
}

/** The shared request helper: JSON in and out, session cookie included; `headers` adds e.g. If-Match. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** A file as the request body itself (Content-Type from the file), JSON answer; errors as apiRequest's. */
export async function apiUpload<T = unknown>(url: string, file: Blob): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': file.type },
    body: file,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** GET of the URL formed by joining the query key's segments with '/'. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.filter((part) => part !== undefined && part !== null && typeof part !== 'object').join('/');
}

/** The default data loader; with on401 'returnNull' a 401 means "no data" (GET /api/auth/user). */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(urlFromQueryKey(queryKey), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
