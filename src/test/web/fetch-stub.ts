import { vi } from 'vitest';

/** A JSON answer, as the server sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One request the app made: method, URL as asked (path and query) and the JSON body parsed. */
export class FetchCall {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;

  constructor(method: string, url: string, body: unknown) {
    this.method = method;
    this.url = url;
    this.body = body;
  }

  /** '/api/leads' of '/api/leads?status=quoted'. */
  get path(): string {
    return new URL(this.url, 'http://localhost').pathname;
  }

  get query(): URLSearchParams {
    return new URL(this.url, 'http://localhost').searchParams;
  }
}

/** A Response as it is, undefined for "no answer here", anything else as a 200 JSON body. */
export type FetchAnswer = Response | object | string | number | boolean | null | undefined;
export type FetchHandler = (call: FetchCall) => FetchAnswer | Promise<FetchAnswer>;
/** Keyed 'METHOD /path' (the query is not part of the key): an answer, or a handler of the call. */
export type FetchRoutes = Record<string, FetchAnswer | FetchHandler>;

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const toResponse = (answer: Exclude<FetchAnswer, undefined>) =>
  answer instanceof Response ? answer.clone() : json(answer);

/**
 * Replaces fetch for this test (undo with vi.unstubAllGlobals()) and records every call. Give
 * routes by method and path, `{ 'GET /api/leads/7': lead, 'POST /api/leads/7/seen': { ok: true } }`,
 * or one handler for every call; a handler may throw to make fetch fail as a network error does.
 * A request nothing answers gets a 500 naming it.
 */
export function stubFetch(routes: FetchRoutes | FetchHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  const handler: FetchHandler =
    typeof routes === 'function'
      ? routes
      : (call) => {
          const route = routes[`${call.method} ${call.path}`];
          return typeof route === 'function' ? route(call) : route;
        };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : undefined;
      const call = new FetchCall(
        (init?.method ?? request?.method ?? 'GET').toUpperCase(),
        request ? request.url : String(input),
        parseBody(init?.body),
      );
      calls.push(call);
      const answer = await handler(call);
      return answer === undefined
        ? json({ message: `Unexpected request: ${call.method} ${call.url}` }, 500)
        : toResponse(answer);
    }),
  );
  return calls;
}
