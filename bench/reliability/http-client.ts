// A small HTTP client for the reliability suite: any method, header and raw body, and
// never a throw for an HTTP status (only for a broken connection or a timeout).
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/**
 * One connection per call, never pooled: the server closes a connection after refusing a request
 * (413, 431, a parse error), and an agent hands a queued request the closing socket (ECONNRESET),
 * which would look like a crash. Callers bound their own concurrency.
 *
 * `keepAlive`: one persistent connection, as a browser keeps one (the load part, where no call is
 * refused in a way that closes the connection); calls on it go one after another.
 */
export function createClient(baseUrl: string, opts: { keepAlive?: boolean } = {}) {
  const agent = opts.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : false;
  const { hostname, port } = new URL(baseUrl);
  const send = (call: Call): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: hostname,
          port,
          method: call.method,
          path: call.path,
          // An explicit length: Node sends a DELETE body with neither length nor chunking otherwise.
          headers: {
            ...(agent ? {} : { connection: 'close' }),
            ...(call.body !== undefined ? { 'content-length': String(Buffer.byteLength(call.body)) } : {}),
            ...call.headers,
          },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(call.timeoutMs ?? 15_000, () => req.destroy(new Error(`timeout: ${call.method} ${call.path}`)));
      req.on('error', reject);
      req.end(call.body);
    });
  return { send, close: () => (agent ? agent.destroy() : undefined) };
}

export type Client = ReturnType<typeof createClient>;

/** Signs in through POST /api/auth/login; answers the Cookie header value. */
export async function login(client: Client, username: string, password: string): Promise<string> {
  const res = await client.send({
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: HTTP ${res.status} ${res.body}`);
  const sid = [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('sign-in answered 200 without a sid cookie');
  return sid;
}

/** A JSON call; `ip` goes in X-Forwarded-For (the server trusts loopback, so per-address limits apply per ip). */
export async function json(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  opts: { cookie?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer & { json: () => unknown }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await client.send({
    method,
    path,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: opts.timeoutMs,
  });
  return { ...res, json: () => JSON.parse(res.body) as unknown };
}
