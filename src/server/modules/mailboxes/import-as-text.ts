/**
 * 'Import anyway as text' (ADR 064): a message the sync could not read whole is read again
 * without the MIME parser. The IMAP server describes the message (envelope, body structure); only
 * its first text part is downloaded (decoded by the server connection, at most 256 KB), made plain
 * in one linear pass (html-to-plain.ts), and every attachment is listed as not kept.
 */
import type { ImapFlow, MessageStructureObject } from 'imapflow';
import { createHash } from 'node:crypto';
import { AppError } from '#server/lib/app-error.ts';
import { replaceControlChars } from '#shared/text/control-chars.ts';
import { stripHtml, tidyLines } from '#shared/text/html-to-plain.ts';
import { TEXT_MAX, type IncomingMessage, type MailAddress } from './mail-message.ts';

/** Bytes of the text part read at most. */
export const TEXT_PART_MAX = 256 * 1024;
const NODES_MAX = 500;
export const NOT_KEPT_AS_TEXT = 'Not kept: the message was imported as text only. Find it in the mailbox.';
export const GONE = 'The message is no longer in the mailbox, so it cannot be imported from here.';

/** One line of text from outside: no NUL or other control characters, bounded. */
const oneLine = (s: string | undefined, max: number) =>
  replaceControlChars(s ?? '')
    .trim()
    .slice(0, max);

/** Body text: line breaks and tabs kept, every other control character (NUL first) dropped. */
export function cleanBody(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const t = s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
  return t.length > TEXT_MAX ? `${t.slice(0, TEXT_MAX)}\n[…]` : t.trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** HTML to plain text in linear time (html-to-plain.ts), the common entities decoded. */
export const htmlToPlain = (html: string): string =>
  tidyLines(stripHtml(html).replace(/&(#39|[a-z]{2,6});/g, (m, e: string) => ENTITIES[e] ?? m));

interface Parts {
  text: MessageStructureObject | null;
  html: MessageStructureObject | null;
  files: Array<{ filename: string; size: number }>;
}

/** The first plain and HTML text parts, and the attachments, walking at most NODES_MAX nodes. */
function walk(root: MessageStructureObject): Parts {
  const found: Parts = { text: null, html: null, files: [] };
  const stack = [root];
  for (let seen = 0; stack.length && seen < NODES_MAX; seen++) {
    const node = stack.shift()!;
    if (node.childNodes?.length) {
      stack.unshift(...node.childNodes.slice(0, NODES_MAX));
      continue;
    }
    const name = node.dispositionParameters?.filename ?? node.parameters?.name;
    if (node.disposition === 'attachment' || name) {
      found.files.push({ filename: oneLine(name ?? 'attachment', 255) || 'attachment', size: node.size ?? 0 });
    } else if (node.type === 'text/plain' && !found.text) found.text = node;
    else if (node.type === 'text/html' && !found.html) found.html = node;
  }
  return found;
}

async function readCapped(stream: AsyncIterable<Buffer | string>, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(b.subarray(0, max - size));
    size += b.length;
    if (size >= max) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

const address = (a: { name?: string; address?: string } | undefined): MailAddress | null =>
  a?.address ? { address: oneLine(a.address, 320).toLowerCase(), name: oneLine(a.name, 200) } : null;

/** The Authentication-Results header values, topmost first (unfolded, at most 20 of 4 KB). */
function authLines(raw: Buffer | undefined): string[] {
  if (!raw) return [];
  const text = raw
    .subarray(0, 80_000)
    .toString('utf8')
    .replace(/\r?\n[ \t]+/g, ' ');
  return text
    .split(/\r?\n/)
    .filter((l) => l.toLowerCase().startsWith('authentication-results:'))
    .slice(0, 20)
    .map((l) => l.slice('authentication-results:'.length).trim().slice(0, 4096));
}

/** The UID of the ledger's provider key in the open INBOX; null when the message is gone. */
async function uidOf(client: ImapFlow, providerKey: string): Promise<number | null> {
  const [kind, a, b] = providerKey.split(':');
  if (kind === 'imap') return String(client.mailbox && client.mailbox.uidValidity) === a ? Number(b) : null;
  if (kind === 'gmail' && a)
    return (((await client.search({ emailId: a }, { uid: true })) || []) as number[])[0] ?? null;
  return null;
}

/** Reads a failed message (by its ledger provider key) as plain text, ready for importMessage. */
export async function readMessageAsText(client: ImapFlow, providerKey: string): Promise<IncomingMessage> {
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  try {
    const uid = await uidOf(client, providerKey);
    const m = uid
      ? await client.fetchOne(
          String(uid),
          { uid: true, envelope: true, bodyStructure: true, headers: ['authentication-results'] },
          { uid: true },
        )
      : false;
    if (!m || !m.envelope) throw new AppError('NOT_FOUND', GONE);
    const env = m.envelope;
    const parts = m.bodyStructure ? walk(m.bodyStructure) : { text: null, html: null, files: [] };
    const pick = parts.text ?? parts.html;
    let text = '';
    if (pick) {
      const dl = await client.download(String(m.uid), pick.part ?? '1', { uid: true, maxBytes: TEXT_PART_MAX });
      if (dl.content) text = await readCapped(dl.content, TEXT_PART_MAX);
      if (pick === parts.html) text = htmlToPlain(text);
    }
    const from = address(env.from?.[0]);
    const subject = oneLine(env.subject, 2000);
    const date = env.date && !Number.isNaN(new Date(env.date).getTime()) ? new Date(env.date) : new Date();
    const rawId = oneLine(env.messageId, 990).replace(/\s/g, '');
    const messageId = rawId
      ? rawId.startsWith('<')
        ? rawId
        : `<${rawId}>`
      : `x-${createHash('sha256')
          .update(`${from?.address ?? ''}|${date.toISOString()}|${subject}`)
          .digest('hex')
          .slice(0, 40)}`;
    const inReplyTo = oneLine(env.inReplyTo, 998).replace(/\s/g, '');
    return {
      messageId,
      inReplyTo: inReplyTo ? [inReplyTo.startsWith('<') ? inReplyTo : `<${inReplyTo}>`] : [],
      references: [],
      from,
      replyTo: address(env.replyTo?.[0]),
      to: (env.to ?? []).slice(0, 50).flatMap((a) => address(a) ?? []),
      cc: (env.cc ?? []).slice(0, 50).flatMap((a) => address(a) ?? []),
      subject,
      date,
      text: cleanBody(text),
      attachments: [],
      notKept: parts.files.slice(0, 100).map((f) => ({ ...f, reason: NOT_KEPT_AS_TEXT })),
      headers: new Map([['authentication-results', authLines(m.headers)]]),
      contentType: 'text/plain',
      reportParts: [],
    };
  } finally {
    lock.release();
  }
}
