/**
 * Which delivery reports are believed (ADR 064): a bounce marks a sent e-mail 'Bounced' and tells
 * its sender only when it comes from the mailer daemon of the mailbox's own provider and the
 * receiving server did not find it forged. Anyone can write 'Return-Path: <>' and quote a
 * Message-ID we sent them; such a message is handled as ordinary mail. That it names a Message-ID
 * this mailbox sent is checked where the outbox is asked (markBounced, by account).
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from './mail-message.ts';
import { anyAuthFailure, topAuthResults } from './auth-results.ts';

/** The mailbox a message arrived in, as far as trusting its bounces goes. */
export interface MailProvider {
  kind: 'gmail' | 'imap';
  /** The mailbox's own address. */
  address: string;
  /** Its IMAP and SMTP host names. */
  hosts: string[];
}

/** Google's delivery reports come from mailer-daemon@googlemail.com, signed by Google. */
const GOOGLE_DOMAINS = ['googlemail.com', 'google.com', 'gmail.com'];
const DAEMON = /^(mailer-daemon|postmaster)$/i;

/**
 * The domain a host belongs to: its last two labels, or three under a two-letter country code
 * with a short second level (mail.empresa.com.pt -> empresa.com.pt, smtp.sapo.pt -> sapo.pt).
 */
export function organisationDomain(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (!h.includes('.') || isIP(h.replace(/^\[|\]$/g, ''))) return null;
  const labels = h.split('.');
  const tld = labels.at(-1)!;
  const second = labels.at(-2)!;
  const keep = tld.length === 2 && second.length <= 3 && labels.length >= 3 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** The domains whose mailer daemon speaks for this mailbox's provider. */
export function providerDomains(p: MailProvider): string[] {
  if (p.kind === 'gmail') return GOOGLE_DOMAINS;
  const own = [p.address.split('@')[1] ?? '', ...p.hosts].map(organisationDomain);
  return [...new Set(own.filter((d): d is string => !!d))];
}

const within = (domain: string, domains: string[]) => domains.some((d) => domain === d || domain.endsWith(`.${d}`));

/** True when this bounce may change what a sent e-mail shows (see the file's comment). */
export function bounceTrusted(msg: IncomingMessage, provider: MailProvider | undefined): boolean {
  if (!provider) return false;
  const [local = '', domain = ''] = (msg.from?.address ?? '').split('@');
  const domains = providerDomains(provider);
  if (!DAEMON.test(local) || !within(domain, domains)) return false;
  if (anyAuthFailure(msg.headers)) return false;
  if (provider.kind !== 'gmail') return true;
  // Google writes its verdict on every message: its own report passes DKIM or DMARC as Google.
  const top = topAuthResults(msg.headers);
  if (!top || !within(top.by.toLowerCase(), GOOGLE_DOMAINS)) return false;
  return top.dkimPassDomains.some((d) => within(d, domains)) || within(top.dmarcPassDomain ?? '', domains);
}
