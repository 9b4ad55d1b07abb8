/**
 * One raw e-mail read into what the lead desk needs, and the robot rules (ADR 025): our own mail,
 * bounces (RFC 3464), auto-replies (RFC 3834) and bulk or list mail never become leads. Headers
 * decide, not subjects.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';
import { marketplaceOf } from '#shared/listings/hosts.ts';
import { decodeEntities } from '#shared/listings/html-scripts.ts';

export interface MailAddress {
  address: string;
  name: string;
}

export interface IncomingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface IncomingMessage {
  /** Message-ID with its angle brackets, or a stable 'x-' hash when the message has none. */
  messageId: string;
  inReplyTo: string[];
  /** References, newest first. */
  references: string[];
  from: MailAddress | null;
  replyTo: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  date: Date;
  text: string;
  attachments: IncomingAttachment[];
  headers: Map<string, HeaderValue>;
  contentType: string;
}

export type RobotKind = 'self' | 'bounce' | 'auto' | 'bulk';

/** Text of an HTML-only message: scripts and styles dropped, blocks as lines, tags removed, entities decoded. Never rendered. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)\s*>/gi, '\n')
      .replace(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
        label.includes(href) ? label : `${label} (${href})`,
      )
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const bracketed = (id: string) => (id.startsWith('<') ? id : `<${id}>`);

function idList(value: string | string[] | undefined): string[] {
  if (!value) return [];
  const all = (Array.isArray(value) ? value : [value]).flatMap((v) => v.match(/<[^<>\s]+>/g) ?? v.split(/\s+/));
  return all.filter(Boolean).map(bracketed);
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) =>
    group.value.flatMap((a) => (a.address ? [{ address: a.address.toLowerCase(), name: (a.name ?? '').trim() }] : [])),
  );
}

/** Text of an HTML-only message: tags dropped, entities decoded by mailparser's own conversion. */
export async function parseMessage(source: Buffer): Promise<IncomingMessage> {
  const parsed = await simpleParser(source, { skipHtmlToText: false, skipTextLinks: true, skipImageLinks: true });
  const from = addresses(parsed.from)[0] ?? null;
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : new Date();
  const subject = (parsed.subject ?? '').trim();
  const messageId = parsed.messageId
    ? bracketed(parsed.messageId.trim())
    : `x-${createHash('sha256')
        .update(`${from?.address ?? ''}|${date.toISOString()}|${subject}`)
        .digest('hex')
        .slice(0, 40)}`;
  const contentType = String((parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? '');
  return {
    messageId: messageId.slice(0, 998),
    inReplyTo: idList(parsed.inReplyTo),
    references: idList(parsed.references).reverse(),
    from,
    replyTo: addresses(parsed.replyTo)[0] ?? null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject,
    date,
    text: (parsed.text?.trim() ? parsed.text : typeof parsed.html === 'string' ? htmlToText(parsed.html) : '')
      .replace(/\r\n/g, '\n')
      .trim(),
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition === 'attachment' || a.filename)
      .map((a) => ({
        filename: (a.filename ?? 'attachment').slice(0, 255),
        contentType: (a.contentType || 'application/octet-stream').slice(0, 255),
        content: a.content,
      })),
    headers: parsed.headers,
    contentType: contentType.toLowerCase(),
  };
}

const header = (m: IncomingMessage, name: string) => {
  const v = m.headers.get(name);
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  // Address headers (Return-Path) parse to { value: [...], text }; structured ones to { value, params }.
  if (typeof v === 'object' && 'text' in v) return String((v as { text: unknown }).text);
  if (typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value);
  return String(v as unknown);
};

const ROBOT_LOCAL =
  /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|donotreply|notifications?|bounces?)([+._-].*)?$/i;

/** Why this message is not from a person, or null when it is (order: ours, bounce, auto-reply, bulk). */
export function robotKind(m: IncomingMessage, companyAddresses: string[]): RobotKind | null {
  const from = m.from?.address ?? '';
  if (from && companyAddresses.includes(from)) return 'self';
  const local = from.split('@')[0] ?? '';
  const returnPath = header(m, 'return-path');
  if (
    (m.contentType.includes('multipart/report') &&
      /delivery-status/i.test(JSON.stringify(m.headers.get('content-type') ?? ''))) ||
    // An empty envelope sender (Return-Path: <>) is how servers send delivery reports.
    (returnPath !== null && !returnPath.includes('@')) ||
    /^(mailer-daemon|postmaster)$/i.test(local) ||
    m.headers.has('x-failed-recipients')
  ) {
    return 'bounce';
  }
  const auto = header(m, 'auto-submitted');
  const precedence = (header(m, 'precedence') ?? '').toLowerCase().trim();
  if (
    (auto !== null && auto.trim().toLowerCase() !== 'no') ||
    m.headers.has('x-autoreply') ||
    m.headers.has('x-autorespond') ||
    m.headers.has('x-auto-response-suppress') ||
    precedence === 'auto_reply'
  ) {
    return 'auto';
  }
  if (
    // mailparser gathers every List-* header under 'list'.
    m.headers.has('list') ||
    m.headers.has('list-id') ||
    m.headers.has('list-unsubscribe') ||
    ['bulk', 'list', 'junk'].includes(precedence) ||
    ROBOT_LOCAL.test(local)
  ) {
    return 'bulk';
  }
  return null;
}

/** A phone number written in the body: 9 to 15 digits, optionally with + or 00 and spaces. */
export function findPhone(text: string): string | null {
  for (const m of text.matchAll(/(?<![\w/=.-])(?:\+|00)?\d[\d \t().-]{7,18}\d(?![\w/])/g)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= 9 && digits.length <= 15) return m[0].replace(/\s+/g, ' ').trim();
  }
  return null;
}

/** The first marketplace listing link in the body (mobile.de, AutoScout24, Standvirtual...). */
export function findListingLink(text: string): string | null {
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/gi)) {
    const url = m[0].replace(/[.,;:!?]+$/, '');
    if (marketplaceOf(url)) return url.slice(0, 2000);
  }
  return null;
}

/**
 * A lead reference the message carries (DECISIONS 6): 'Ref: L10042', 'Referência AB12-34',
 * 'reference #X1Y2Z3'. Letters and digits, with at least one digit.
 */
export function findReference(text: string): string | null {
  const m = /\b(?:ref(?:er[eê]ncia|erence)?|refª)\s*(?:n[.ºo°]*\s*)?[.:#º°]?\s*([A-Z0-9][A-Z0-9-]{1,29})\b/i.exec(text);
  const ref = m?.[1]?.toUpperCase();
  return ref && /\d/.test(ref) ? ref : null;
}

export function formatAddress(a: MailAddress | null): string {
  if (!a) return '';
  return a.name ? `${a.name} <${a.address}>` : a.address;
}
