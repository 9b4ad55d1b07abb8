import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn, urlFromQueryKey } from './api-client.ts';

const respond = (status: number, body: string, type = 'application/json') =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(body, {
      status,
      statusText: status === 502 ? 'Bad Gateway' : '',
      headers: { 'content-type': type },
    }),
  );

afterEach(() => vi.restoreAllMocks());

describe('shared request helper', () => {
  it("raises '{status}: {message}' from a JSON body's message", async () => {
    respond(409, JSON.stringify({ message: 'Username already taken', code: 'CONFLICT' }));
    await expect(apiRequest('PUT', '/api/users/1', {})).rejects.toThrow('409: Username already taken');
  });

  it('falls back to the raw body text, then to the status text', async () => {
    respond(500, 'plain failure', 'text/plain');
    await expect(apiRequest('GET', '/x')).rejects.toThrow('500: plain failure');
    respond(502, '');
    await expect(apiRequest('GET', '/x')).rejects.toThrow('502: Bad Gateway');
  });

  it('sends JSON with the session cookie', async () => {
    const spy = respond(200, '{"ok":true}');
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(spy).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({ method: 'POST', body: '{"a":1}', credentials: 'include' }),
    );
  });

  it('joins query key segments with slashes', () => {
    expect(urlFromQueryKey(['/api/leads', 42, 'timeline'])).toBe('/api/leads/42/timeline');
  });

  it('treats 401 as no data only when asked', async () => {
    respond(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
    respond(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] })).rejects.toThrow('401: Unauthorized');
  });
});
