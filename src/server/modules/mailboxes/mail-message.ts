/**
 * One raw e-mail read into what the lead desk needs, and the robot rules (ADR 025): our own mail,
 * bounces (RFC 3464), auto-replies (RFC 3834) and bulk or list mail never become leads. Headers
 * decide, not subjects.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';
import { htmlToText } from './html-text.ts';

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
  /** Attachments listed but not read (a message imported as text, ADR 064). */
  notKept?: Array<{ filename: string; size: number; reason: string }>;
  headers: Map<string, HeaderValue>;
  contentType: string;
  /**
   * The parts of a delivery report (RFC 3464) that say what failed and which message: the
   * message/delivery-status text when mailparser kept it apart, and the header block of the
   * returned message (message/rfc822, text/rfc822-headers). Empty for ordinary mail.
   */
  reportParts: string[];
}

export type RobotKind = 'self' | 'bounce' | 'auto' | 'bulk';

/** Body text beyond this is not kept or read by the lead rules (the cut is marked '[…]'). */
export const TEXT_MAX = 200_000;

const capText = (text: string) => {
  const t = text.replace(/\r\n/g, '\n').trim();
  return t.length > TEXT_MAX ? `${t.slice(0, TEXT_MAX)}\n[…]` : t;
};

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

/**
 * Reads one raw message. The text of an HTML-only message comes from html-to-text (html-text.ts),
 * not mailparser's conversion. Runs in the parse worker (mail-parse-pool.ts), never on the
 * request path (ADR 057).
 */
export async function parseMessage(source: Buffer): Promise<IncomingMessage> {
  const parsed = await simpleParser(source, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
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
    text: capText(parsed.text?.trim() ? parsed.text : typeof parsed.html === 'string' ? htmlToText(parsed.html) : ''),
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition === 'attachment' || a.filename)
      .map((a) => ({
        filename: (a.filename ?? 'attachment').slice(0, 255),
        contentType: (a.contentType || 'application/octet-stream').slice(0, 255),
        content: a.content,
      })),
    headers: parsed.headers,
    contentType: contentType.toLowerCase(),
    reportParts: parsed.attachments.filter((a) => REPORT_PARTS.has(a.contentType)).map((a) => headerBlock(a.content)),
  };
}

const REPORT_PARTS = new Set([
  'message/delivery-status',
  'message/global-delivery-status',
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/global-headers',
]);

/** The header block of a returned message (or a whole delivery-status part), at most 64 KB. */
function headerBlock(content: Buffer): string {
  const text = content.subarray(0, 65_536).toString('utf8');
  const end = text.search(/\r?\n\r?\n(?![A-Za-z-]+:)/);
  return end === -1 ? text : text.slice(0, end);
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

export interface BounceDetails {
  /** Message-IDs the report refers to: the returned message's, then In-Reply-To and References. */
  originalIds: string[];
  /** The failed recipient, when the report names one. */
  recipient: string | null;
  /** RFC 3463 status code (5.1.1), when given. */
  status: string | null;
  /** The receiving server's own words (Diagnostic-Code), when given. */
  diagnostic: string | null;
  /** Why, in plain words ('Mailbox does not exist'), with the server's words after it. */
  reason: string;
}

/** RFC 3463 subject and detail codes in plain words; the first that matches (by prefix) wins. */
const STATUS_WORDS: Array<[RegExp, string]> = [
  [/^\d\.1\.(1|0)$/, 'Mailbox does not exist'],
  [/^\d\.1\.2$/, 'The recipient’s domain does not exist'],
  [/^\d\.1\.3$/, 'The address is not valid'],
  [/^\d\.1\.6$/, 'The mailbox has moved'],
  [/^\d\.1\.10$/, 'The recipient’s domain accepts no mail'],
  [/^\d\.1\./, 'The address was refused'],
  [/^\d\.2\.1$/, 'Mailbox is disabled'],
  [/^\d\.2\.2$/, 'Mailbox is full'],
  [/^\d\.(2\.3|3\.4)$/, 'The message is too large for the recipient'],
  [/^\d\.2\./, 'The mailbox cannot accept mail'],
  [/^\d\.4\.7$/, 'Delivery timed out'],
  [/^\d\.4\./, 'The recipient’s mail server could not be reached'],
  [/^\d\.7\.1$/, 'The recipient’s server refused the message (not allowed, or taken for spam)'],
  [/^\d\.7\./, 'The recipient’s server refused the message for security or policy reasons'],
  [/^\d\.3\./, 'The recipient’s mail server has a problem'],
];

export function statusInWords(status: string | null): string {
  if (status) for (const [re, words] of STATUS_WORDS) if (re.test(status)) return words;
  return 'Delivery failed';
}

/** Folded report lines (RFC 5322 continuation) joined, so 'Diagnostic-Code' is one line. */
const unfold = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ');
const field = (text: string, name: string) => new RegExp(`^${name}:[ \\t]*(.+)$`, 'im').exec(text)?.[1]?.trim() ?? null;

/**
 * What a bounce says (RFC 3464): the message it returns, the recipient, the status and the reason
 * in plain words. Null when it reports no failure (Action: delayed, delivered, relayed, expanded):
 * a delay notice is not a bounce yet.
 */
export function bounceDetails(m: IncomingMessage): BounceDetails | null {
  const report = unfold([...m.reportParts, m.text].join('\n'));
  const action = field(report, 'Action')?.toLowerCase() ?? null;
  if (action && action !== 'failed') return null;
  const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(field(report, 'Status') ?? '')?.[1] ?? null;
  if (!action && status?.startsWith('4')) return null;
  const diagnostic = (field(report, 'Diagnostic-Code')?.replace(/^[\w-]+;\s*/, '') ?? null)?.slice(0, 300) ?? null;
  const recipient =
    field(report, 'Final-Recipient')
      ?.replace(/^[\w-]+;\s*/, '')
      .toLowerCase() ??
    (header(m, 'x-failed-recipients')?.trim().toLowerCase() || null);
  // The returned message's own Message-ID (its header block), then any the body quotes, then threading.
  const returned = [...m.reportParts, m.text].flatMap((part) =>
    [...part.matchAll(/^[ \t>]*Message-ID:\s*(<[^<>\s]+>)/gim)].map((x) => x[1]!),
  );
  const originalIds = [...new Set([...returned, ...m.inReplyTo, ...m.references])].filter((id) => id !== m.messageId);
  const words = statusInWords(status);
  const said = diagnostic ?? (status ? `status ${status}` : null);
  return {
    originalIds,
    recipient,
    status,
    diagnostic,
    reason: (said ? `${words}. The receiving server said: ${said}` : `${words}.`).slice(0, 1000),
  };
}

export function formatAddress(a: MailAddress | null): string {
  if (!a) return '';
  return a.name ? `${a.name} <${a.address}>` : a.address;
}
