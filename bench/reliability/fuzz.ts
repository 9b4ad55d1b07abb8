// Fuzz: every /api operation of the OpenAPI document, called with bad bodies generated from its own
// schema, bad ids, bad query values and bad content types, as admin, as role user and anonymously.
// A 5xx answer or a dropped connection is a failure; the server must answer normally at the end.
import type { Spawned } from '../lib/server.ts';
import { createClient, json, login, type Answer, type Call, type Client } from './http-client.ts';
import { STAFF } from './app-server.ts';
import { BAD_IDS, BAD_QUERY_VALUES, bodyCases, validSample, type JsonSchema } from './schema-values.ts';

interface Operation {
  method: string;
  path: string;
  access: 'public' | 'user' | 'admin';
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  pathParams: string[];
}

type Identity = 'admin' | 'user' | 'anonymous';

interface Case {
  label: string;
  call: Omit<Call, 'headers'> & { headers: Record<string, string> };
}

export interface FuzzFailure {
  identity: Identity;
  operation: string;
  label: string;
  status: number | 'connection error';
  answer: string;
}

export interface FuzzResult {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  seconds: number;
  aliveAtEnd: boolean;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-access': Operation['access'];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        parameters?: { in: string; name: string; schema: JsonSchema }[];
      }
    >
  >;
};

export function operationsOf(document: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        body: op.requestBody?.content['application/json']?.schema,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
      });
    }
  // Deletes and signing out last: they take away the records and the session the rest uses.
  const last = (o: Operation) => (o.method === 'DELETE' || o.path === '/api/auth/logout' ? 1 : 0);
  return ops.sort((a, b) => last(a) - last(b));
}

const CONTENT_TYPE_CASES: { label: string; contentType?: string; body: string | Buffer }[] = [
  { label: 'text/plain', contentType: 'text/plain', body: '{"a":1}' },
  { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  {
    label: 'multipart',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { label: 'xml', contentType: 'application/xml', body: '<a>1</a>' },
  { label: 'image/jpeg junk', contentType: 'image/jpeg', body: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]) },
  { label: 'json with charset utf-16', contentType: 'application/json; charset=utf-16', body: '{"a":1}' },
  { label: 'no content type', body: '{"a":1}' },
  { label: 'json, empty body', contentType: 'application/json', body: '' },
  { label: 'json, truncated', contentType: 'application/json', body: '{"a": [1, 2' },
  { label: 'json, __proto__', contentType: 'application/json', body: '{"__proto__": {"admin": true}, "a": 1}' },
  {
    label: 'json, constructor.prototype',
    contentType: 'application/json',
    body: '{"constructor": {"prototype": {"x": 1}}}',
  },
  { label: 'json, BOM', contentType: 'application/json', body: '\ufeff{"a":1}' },
  {
    label: 'json, invalid UTF-8',
    contentType: 'application/json',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  },
  { label: 'json, 1.1 MB', contentType: 'application/json', body: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
  {
    label: 'json, deep array 100000',
    contentType: 'application/json',
    body: '['.repeat(100_000) + ']'.repeat(100_000),
  },
];

export async function fuzzServer(server: Spawned, opts: { full: boolean; concurrency?: number }): Promise<FuzzResult> {
  const started = performance.now();
  const client = createClient(server.baseUrl);
  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  try {
    const cookies: Record<Identity, string> = {
      admin: await login(client, STAFF.admin.username, STAFF.admin.password),
      user: await login(client, STAFF.user.username, STAFF.user.password),
      anonymous: '',
    };
    const ids = await createFixtures(client, cookies.admin);
    const docRes = await json(client, 'GET', '/api/openapi.json', undefined, { cookie: cookies.admin });
    if (docRes.status !== 200) throw new Error(`GET /api/openapi.json answered ${docRes.status}`);
    const operations = operationsOf(docRes.json() as OpenApi);

    const result: FuzzResult = {
      operations: operations.length,
      requests: 0,
      byStatus: {},
      failures: [],
      seconds: 0,
      aliveAtEnd: false,
    };
    const record = (identity: Identity, op: Operation, c: Case, res: Answer | Error) => {
      result.requests += 1;
      // A body past the route's limit may be cut off by the server's 413 while it is still being
      // sent (EPIPE / reset): that is the limit working, as long as the server is still there.
      const cutOff =
        res instanceof Error && Buffer.byteLength(c.call.body ?? '') > 1024 * 1024 && server.child.exitCode === null;
      const status = cutOff ? 'cut off (oversized)' : res instanceof Error ? 'connection error' : res.status;
      result.byStatus[String(status)] = (result.byStatus[String(status)] ?? 0) + 1;
      if (status === 'connection error' || (typeof status === 'number' && status >= 500))
        result.failures.push({
          identity,
          operation: `${op.method} ${op.path}`,
          label: c.label,
          status,
          answer: res instanceof Error ? res.message : res.body.slice(0, 300),
        });
    };

    for (const op of operations) {
      for (const identity of ['admin', 'user', 'anonymous'] as const) {
        const cases = casesFor(op, identity, ids, opts.full);
        await runPool(cases, opts.concurrency ?? 4, async (c) => {
          const headers: Record<string, string> = { ...c.call.headers, 'x-forwarded-for': nextIp() };
          if (cookies[identity]) headers.cookie = cookies[identity];
          const res = await client.send({ ...c.call, headers }).catch((err: Error) => err);
          record(identity, op, c, res);
        });
        // A call may have ended the session (sign-out, a password change): sign in again.
        if (identity !== 'anonymous') {
          const check = await json(client, 'GET', '/api/auth/user', undefined, { cookie: cookies[identity] });
          if (check.status === 401) {
            const account = identity === 'admin' ? STAFF.admin : STAFF.user;
            cookies[identity] = await login(client, account.username, account.password);
          }
        }
      }
    }

    const health = await json(client, 'GET', '/api/health', undefined, { cookie: cookies.admin }).catch(() => null);
    const me = await json(client, 'GET', '/api/auth/user', undefined, { cookie: cookies.admin }).catch(() => null);
    result.aliveAtEnd = health?.status === 200 && me?.status === 200 && server.child.exitCode === null;
    result.seconds = (performance.now() - started) / 1000;
    return result;
  } finally {
    client.close();
  }
}

interface FixtureIds {
  id: string;
  publicId: string;
  /** For /api/users/{id}: the victim account, never one the fuzz signs in with. */
  userId: string;
}

/** Two leads, a timeline entry and a proposal, so calls with a real id reach past the lookup. */
async function createFixtures(client: Client, cookie: string): Promise<FixtureIds> {
  const lead = { firstName: 'Fuzz', vehicleMake: 'Fiat', vehicleModel: 'Panda' };
  const first = await json(client, 'POST', '/api/leads/manual', lead, { cookie });
  await json(client, 'POST', '/api/leads/manual', { ...lead, firstName: 'Other' }, { cookie });
  if (first.status !== 201) throw new Error(`creating a lead answered ${first.status}: ${first.body}`);
  const leadId = (first.json() as { id: number }).id;
  await json(client, 'POST', `/api/leads/${leadId}/timeline`, { type: 'chat', description: 'fuzz' }, { cookie });
  const proposal = await json(
    client,
    'POST',
    `/api/leads/${leadId}/proposals`,
    { vehicleBrand: 'Fiat', vehicleModel: '500' },
    { cookie },
  );
  const publicId = proposal.status === 201 ? (proposal.json() as { publicId?: string }).publicId : undefined;
  const victim = await login(client, STAFF.victim.username, STAFF.victim.password);
  const victimUser = await json(client, 'GET', '/api/auth/user', undefined, { cookie: victim });
  const userId = String((victimUser.json() as { id: number }).id);
  return { id: String(leadId), publicId: publicId ?? 'no-such-proposal', userId };
}

function fillPath(path: string, ids: FixtureIds, override?: string): string {
  const id = path.startsWith('/api/users/') ? ids.userId : ids.id;
  return path.replace(
    /\{(\w+)\}/g,
    (_m, name: string) => override ?? (name === 'publicId' ? ids.publicId : name === 'id' ? id : 'fuzz'),
  );
}

function casesFor(op: Operation, identity: Identity, ids: FixtureIds, full: boolean): Case[] {
  const jsonHeaders = { 'content-type': 'application/json' };
  const validBody = op.body ? JSON.stringify(validSample(op.body)) : undefined;
  const basePath = fillPath(op.path, ids);
  const withBody = (body: string | undefined) => (body === undefined ? {} : { body, headers: jsonHeaders });
  const cases: Case[] = [];

  if (op.body)
    for (const c of bodyCases(op.body, full))
      cases.push({
        label: c.label,
        call: { method: op.method, path: basePath, headers: jsonHeaders, body: JSON.stringify(c.body) },
      });
  else cases.push({ label: 'no body', call: { method: op.method, path: basePath, headers: {} } });

  if (op.pathParams.length)
    for (const bad of BAD_IDS) {
      const { body, headers = {} } = withBody(validBody);
      cases.push({
        label: `path param ${bad.slice(0, 20)}`,
        call: { method: op.method, path: fillPath(op.path, ids, bad), headers, body },
      });
    }

  for (const q of op.query)
    for (const bad of [...BAD_QUERY_VALUES, ...(full ? ['a'.repeat(20_000)] : [])]) {
      cases.push({
        label: `query ${q.name}=${bad.slice(0, 20)}`,
        call: { method: op.method, path: `${basePath}?${q.name}=${bad}`, headers: {} },
      });
      if (bad === 'x')
        cases.push({
          label: `query ${q.name} twice`,
          call: { method: op.method, path: `${basePath}?${q.name}=1&${q.name}=2`, headers: {} },
        });
    }

  // The megabyte bodies once per call (as admin) in the short form.
  const contentTypes =
    full || identity === 'admin' ? CONTENT_TYPE_CASES : CONTENT_TYPE_CASES.filter((c) => c.body.length < 100_000);
  if (op.method !== 'GET')
    for (const c of contentTypes)
      cases.push({
        label: `content type: ${c.label}`,
        call: {
          method: op.method,
          path: basePath,
          headers: c.contentType ? { 'content-type': c.contentType } : {},
          body: c.body,
        },
      });

  // Signed-in roles reach the handlers: every case. Anonymous callers stop at the guard on staff
  // calls, so a few cases there prove the guard answers before parsing; public calls get them all.
  if (identity === 'anonymous' && op.access !== 'public') return cases.filter((_c, i) => i % 10 === 0);
  if (identity === 'user' && !full) return cases.filter((_c, i) => i % 6 === 0);
  return cases;
}

async function runPool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
