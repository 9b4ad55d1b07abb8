/**
 * The receiving server's verdict on an incoming message (RFC 8601 Authentication-Results): SPF,
 * DKIM and DMARC, read from the topmost header, the one our own provider added last (ADR 064).
 * Lower headers may come from anyone and are only searched for failures. Linear and bounded: each
 * header is cut at 4 KB and split on ';' before any pattern sees it.
 */
import type { HeaderValue } from 'mailparser';
import type { MailAuthVerdict } from '#shared/schemas/timeline.ts';

const METHODS = ['spf', 'dkim', 'dmarc'] as const;
type Method = (typeof METHODS)[number];
const FAILING = new Set(['fail', 'softfail', 'permerror']);
const HEADER_MAX = 4096;

export interface AuthResults {
  /** Who wrote the verdict (the authserv-id), e.g. mx.google.com. */
  by: string;
  /** Each method's result as written (pass, fail, softfail, none, neutral, temperror, permerror). */
  spf: string | null;
  dkim: string | null;
  dmarc: string | null;
  /** Domains a passing DKIM signature names (header.d / header.i). */
  dkimPassDomains: string[];
  /** The From domain a passing DMARC names (header.from). */
  dmarcPassDomain: string | null;
}

/** The header's values, topmost first (mailparser keeps one string, or an array when repeated). */
export function authHeaders(headers: Map<string, HeaderValue>): string[] {
  const v = headers.get('authentication-results');
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.slice(0, HEADER_MAX));
}

function readOne(value: string): AuthResults {
  const [id = '', ...clauses] = value.replace(/\s+/g, ' ').split(';');
  const out: AuthResults = {
    by: id.trim().split(' ')[0]!.slice(0, 255),
    spf: null,
    dkim: null,
    dmarc: null,
    dkimPassDomains: [],
    dmarcPassDomain: null,
  };
  for (const clause of clauses) {
    const m = /^ ?(spf|dkim|dmarc) ?= ?([a-z]+)/i.exec(clause);
    if (!m) continue;
    const method = m[1]!.toLowerCase() as Method;
    const result = m[2]!.toLowerCase();
    // The worst result of a method wins (several DKIM signatures, one failing, is a fail).
    if (out[method] === null || out[method] === 'pass' || FAILING.has(result)) out[method] = result;
    if (result !== 'pass') continue;
    for (const p of clause.matchAll(/\bheader\.(d|i|from) ?= ?([^ ;]{1,255})/gi)) {
      const domain = p[2]!.toLowerCase().replace(/^.*@/, '');
      if (method === 'dkim' && p[1]!.toLowerCase() !== 'from') out.dkimPassDomains.push(domain);
      if (method === 'dmarc' && p[1]!.toLowerCase() === 'from') out.dmarcPassDomain = domain;
    }
  }
  return out;
}

/** The topmost verdict, or null when the message carries none. */
export function topAuthResults(headers: Map<string, HeaderValue>): AuthResults | null {
  const [top] = authHeaders(headers);
  return top === undefined ? null : readOne(top);
}

/** True when any Authentication-Results header reports SPF, DKIM or DMARC failing. */
export function anyAuthFailure(headers: Map<string, HeaderValue>): boolean {
  return authHeaders(headers)
    .slice(0, 20)
    .some((h) => {
      const r = readOne(h);
      return METHODS.some((m) => r[m] !== null && FAILING.has(r[m]));
    });
}

/** What the timeline shows under an incoming e-mail: the topmost verdict, when present. */
export function verdictForTimeline(headers: Map<string, HeaderValue>): MailAuthVerdict | null {
  const top = topAuthResults(headers);
  if (!top || (top.spf === null && top.dkim === null && top.dmarc === null)) return null;
  const failed = METHODS.filter((m) => top[m] !== null && FAILING.has(top[m]));
  return { by: top.by, spf: top.spf, dkim: top.dkim, dmarc: top.dmarc, failed };
}
