import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { hostMatches } from '#shared/listings/hosts.ts';
import { isPublicAddress } from './ip-ranges.ts';
import { readBody } from './response-body.ts';
import { SafeFetchError } from '#server/lib/safe-fetch-error.ts';

export { isPublicAddress } from './ip-ranges.ts';
export { SafeFetchError, type SafeFetchErrorCode } from '#server/lib/safe-fetch-error.ts';

export interface SafeFetchOptions {
  /** Exact host or dot-suffix match (case-insensitive, trailing dot stripped, IDNA); never a substring. */
  allowedDomains: readonly string[];
  accept: 'html' | 'image';
  /** Decompressed bytes; the body is streamed and the request aborted past it. */
  maxBytes: number;
  /** Total deadline, DNS and redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Extra headers. Accept, Accept-Encoding, Host, Cookie and auth headers are ours, never the caller's. */
  headers?: Record<string, string>;
  /** TEST-ONLY: an exact origin (e.g. 'http://127.0.0.1:4567') exempt from scheme/port/host/address checks. */
  testOrigin?: string;
  /** Injectable DNS (tests). Default: dns.promises.lookup with all: true. */
  resolve?: (hostname: string) => Promise<string[]>;
  signal?: AbortSignal;
}

export interface SafeFetchResult {
  status: number;
  finalUrl: string;
  contentType: string;
  body: Buffer;
}

const CHROME_VERSION = '147';

/** A desktop Chrome on Windows, as the marketplaces see most visitors. */
export const BROWSER_HEADERS: Record<string, string> = {
  'User-Agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME_VERSION}.0.0.0 Safari/537.36`,
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'Accept-Language': 'pt-PT,pt;q=0.9,en;q=0.8,de;q=0.7',
  'Upgrade-Insecure-Requests': '1',
  'sec-ch-ua': `"Chromium";v="${CHROME_VERSION}", "Google Chrome";v="${CHROME_VERSION}", "Not.A/Brand";v="99"`,
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
};

const ACCEPT_HEADER = {
  html: BROWSER_HEADERS.Accept!,
  image: 'image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8',
} as const;

const ACCEPTED_TYPES = {
  html: new Set(['text/html', 'application/xhtml+xml', 'application/json']),
  // image/jpg is not registered but common on misconfigured CDNs; the bytes are checked by decoding.
  image: new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/avif', 'image/gif']),
} as const;

const CALLER_HEADERS_IGNORED = new Set([
  'accept',
  'accept-encoding',
  'host',
  'cookie',
  'authorization',
  'proxy-authorization',
  'connection',
]);

const defaultResolve = async (hostname: string) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** A lookup that always answers the already validated address: the socket cannot be re-pointed by DNS rebinding. */
export function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (err: null, addresses: Array<{ address: string; family: number }>) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };
}

function isIpLiteral(host: string): boolean {
  // The WHATWG parser has already turned 0x7f.1, 2130706433, 0177.0.0.1... into dotted decimal.
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

interface Target {
  url: URL;
  /** Validated address to connect to; null for the test origin. */
  address: string | null;
  host: string;
}

async function checkTarget(url: URL, options: SafeFetchOptions, deadline: AbortSignal): Promise<Target> {
  if (options.testOrigin !== undefined && url.origin === new URL(options.testOrigin).origin) {
    if (url.username || url.password)
      throw new SafeFetchError('credentials_in_url', 'URLs with credentials are not allowed');
    return { url, address: null, host: url.hostname };
  }
  if (url.protocol !== 'https:')
    throw new SafeFetchError('scheme_not_allowed', `Only https URLs are allowed, not ${url.protocol}`);
  if (url.username || url.password)
    throw new SafeFetchError('credentials_in_url', 'URLs with credentials are not allowed');
  if (url.port !== '') throw new SafeFetchError('port_not_allowed', `Port ${url.port} is not allowed`);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) throw new SafeFetchError('private_address', `${host} is not a public address`);
    throw new SafeFetchError('host_not_allowed', 'IP addresses are not allowed, only the supported sites');
  }
  if (!hostMatches(host, options.allowedDomains))
    throw new SafeFetchError('host_not_allowed', `${host} is not a supported site`);

  let addresses: string[];
  try {
    addresses = await abortable((options.resolve ?? defaultResolve)(host), deadline);
  } catch (err) {
    if (deadline.aborted) throw err;
    throw new SafeFetchError('dns_failed', `Could not resolve ${host}`);
  }
  if (addresses.length === 0) throw new SafeFetchError('dns_failed', `Could not resolve ${host}`);
  // Any private answer refuses the host: an attacker's zone may mix public and private records.
  const bad = addresses.find((a) => !isPublicAddress(a));
  if (bad !== undefined) throw new SafeFetchError('private_address', `${host} resolves to a non-public address`);
  // IPv4 first: many servers and containers have no IPv6 route, and every address was checked anyway.
  return { url, address: addresses.find((a) => !a.includes(':')) ?? addresses[0]!, host };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function send(target: Target, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const { url } = target;
  const secure = url.protocol === 'https:';
  const requestOptions: https.RequestOptions = {
    method: 'GET',
    protocol: url.protocol,
    hostname: target.host,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers,
    // A fresh agent per request: no shared pool, no global agent a proxy could have been set on.
    agent: false,
    signal,
  };
  if (target.address !== null) {
    requestOptions.lookup = pinnedLookup(target.address);
    requestOptions.servername = target.host;
  }
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(requestOptions, resolve);
    req.on('error', reject);
    req.end();
  });
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * GET a user-supplied URL without letting it reach the server's own network (SSRF): https on the
 * default port to an allowlisted host whose every address is public, connected to the address that
 * was checked; redirects re-checked hop by hop; size, time and content type bounded.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new SafeFetchError('timeout', `No complete answer within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!CALLER_HEADERS_IGNORED.has(name.toLowerCase())) headers[name] = value;
  }
  headers.Accept = ACCEPT_HEADER[options.accept];
  headers['Accept-Encoding'] = 'gzip, deflate, br';

  try {
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      throw new SafeFetchError('invalid_url', 'Not a valid URL');
    }
    for (let hop = 0; ; hop += 1) {
      const target = await checkTarget(current, options, signal);
      const res = await send(target, headers, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', `More than ${maxRedirects} redirects`);
        try {
          current = new URL(location, current);
        } catch {
          throw new SafeFetchError('invalid_url', 'Redirect to an invalid URL');
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        const body = await readBody(res, options.maxBytes, signal, true).catch(() => Buffer.alloc(0));
        throw new SafeFetchError('http_error', `HTTP ${status}`, { status, body });
      }
      const contentType = mediaType(res.headers['content-type']);
      if (!ACCEPTED_TYPES[options.accept].has(contentType)) {
        res.destroy();
        throw new SafeFetchError('unsupported_content_type', `Unexpected content type ${contentType || '(none)'}`);
      }
      const declared = Number(res.headers['content-length']);
      if (!res.headers['content-encoding'] && Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        throw new SafeFetchError('too_large', `Response larger than ${options.maxBytes} bytes`);
      }
      const body = await readBody(res, options.maxBytes, signal);
      return { status, finalUrl: current.toString(), contentType, body };
    }
  } catch (err) {
    throw toSafeFetchError(err, timeout.signal, options.signal);
  } finally {
    clearTimeout(timer);
  }
}

function toSafeFetchError(err: unknown, timeout: AbortSignal, callerSignal: AbortSignal | undefined): SafeFetchError {
  if (timeout.aborted) return timeout.reason as SafeFetchError;
  if (err instanceof SafeFetchError) return err;
  if (callerSignal?.aborted) return new SafeFetchError('network_error', 'Request cancelled');
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return new SafeFetchError('network_error', `Network error${code ? ` (${code})` : ''}`);
}
