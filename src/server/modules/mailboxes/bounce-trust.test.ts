import { describe, expect, it } from 'vitest';
import { anyAuthFailure, topAuthResults, verdictForTimeline } from './auth-results.ts';
import { bounceTrusted, organisationDomain, providerDomains, type MailProvider } from './bounce-trust.ts';
import { parseMessage } from './mail-message.ts';
import { deliveryReport } from './mail.test-helpers.ts';

const imap: MailProvider = { kind: 'imap', address: 'geral@example.test', hosts: ['127.0.0.1', 'smtp.rig.test'] };
const gmail: MailProvider = { kind: 'gmail', address: 'geral@empresa.pt', hosts: ['imap.gmail.com'] };
const report = (from: string, extra = '') =>
  parseMessage(
    Buffer.from(
      extra +
        deliveryReport({
          to: 'geral@example.test',
          messageId: '<dsn-1@x.test>',
          original: '<sent-1@example.test>',
          recipient: 'nobody@cliente.test',
          from,
        }),
    ),
  );

describe('bounces believed only from our provider’s mailer daemon (ADR 064)', () => {
  it('the domains of a provider: the address’s and the hosts’, never an IP; Google’s for Gmail', () => {
    expect(providerDomains(imap)).toEqual(['example.test', 'rig.test']);
    expect(organisationDomain('mail.empresa.com.pt')).toBe('empresa.com.pt');
    expect(organisationDomain('smtp.sapo.pt')).toBe('sapo.pt');
    expect(organisationDomain('[::1]')).toBeNull();
    expect(providerDomains(gmail)).toContain('googlemail.com');
  });

  it('the provider’s own daemon is believed; a remote server’s, a person’s or a forged one is not', async () => {
    expect(bounceTrusted(await report('MAILER-DAEMON@mail.example.test (Mail Delivery System)'), imap)).toBe(true);
    expect(bounceTrusted(await report('postmaster@example.test'), imap)).toBe(true);
    expect(bounceTrusted(await report('MAILER-DAEMON@mx.cliente.test'), imap)).toBe(false);
    expect(bounceTrusted(await report('geral-bounces@example.test'), imap)).toBe(false);
    expect(bounceTrusted(await report('MAILER-DAEMON@example.test.evil.test'), imap)).toBe(false);
    expect(bounceTrusted(await report('MAILER-DAEMON@mail.example.test'), undefined)).toBe(false);
    // Our domain in From, but the receiving server found it forged.
    const forged = await report(
      'MAILER-DAEMON@mail.example.test',
      'Authentication-Results: mail.example.test; spf=fail smtp.mailfrom=evil.test; dmarc=fail header.from=example.test\r\n',
    );
    expect(bounceTrusted(forged, imap)).toBe(false);
  });

  it('with Gmail, only Google’s report signed as Google, by Google’s own verdict, is believed', async () => {
    const signed =
      'Authentication-Results: mx.google.com;\r\n       dkim=pass header.i=@googlemail.com header.s=20230601;\r\n       spf=pass smtp.helo=mail-sor-f69.google.com;\r\n       dmarc=pass (p=QUARANTINE) header.from=googlemail.com\r\n';
    expect(bounceTrusted(await report('Mail Delivery Subsystem <mailer-daemon@googlemail.com>', signed), gmail)).toBe(
      true,
    );
    expect(bounceTrusted(await report('mailer-daemon@googlemail.com'), gmail)).toBe(false);
    const byOther = signed.replace('mx.google.com', 'mx.evil.test');
    expect(bounceTrusted(await report('mailer-daemon@googlemail.com', byOther), gmail)).toBe(false);
  });
});

describe('Authentication-Results: the topmost verdict, read in bounded time', () => {
  it('reads each method, the worst result winning, and names the failures', async () => {
    const msg = await parseMessage(
      Buffer.from(
        'Authentication-Results: mx.empresa.pt; spf=softfail smtp.mailfrom=x.test;\r\n dkim=pass header.d=x.test; dkim=fail header.d=y.test; dmarc=fail header.from=x.test\r\n' +
          'Authentication-Results: forged.test; spf=pass; dkim=pass; dmarc=pass\r\n' +
          'From: a@x.test\r\nSubject: s\r\n\r\nbody\r\n',
      ),
    );
    expect(topAuthResults(msg.headers)).toMatchObject({ by: 'mx.empresa.pt', spf: 'softfail', dkim: 'fail' });
    expect(verdictForTimeline(msg.headers)).toEqual({
      by: 'mx.empresa.pt',
      spf: 'softfail',
      dkim: 'fail',
      dmarc: 'fail',
      failed: ['spf', 'dkim', 'dmarc'],
    });
    expect(anyAuthFailure(msg.headers)).toBe(true);
  });

  it('no header, no verdict', async () => {
    const none = await parseMessage(Buffer.from('From: a@x.test\r\nSubject: s\r\n\r\nbody\r\n'));
    expect(verdictForTimeline(none.headers)).toBeNull();
    expect(anyAuthFailure(none.headers)).toBe(false);
  });
});
