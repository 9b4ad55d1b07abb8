import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutMailRig, startMailRig, type MailRig } from './mail-rig.ts';

const REDIRECT = 'http://127.0.0.1:9/api/gmail/callback';

async function googleSignIn(rig: MailRig, address: string) {
  const consent = await fetch(
    `${rig.oauth.urls.auth}?${new URLSearchParams({
      client_id: rig.oauth.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'https://mail.google.com/ openid email',
      access_type: 'offline',
      prompt: 'consent',
      state: 'st',
      login_hint: address,
    })}`,
    { redirect: 'manual' },
  );
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const res = await fetch(rig.oauth.urls.token, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: rig.oauth.clientId,
      client_secret: rig.oauth.clientSecret,
      code,
      redirect_uri: REDIRECT,
      grant_type: 'authorization_code',
    }),
  });
  return (await res.json()) as { access_token: string; refresh_token: string };
}

describe.skipIf(skipWithoutMailRig())('mail rig (Dovecot + Postfix + Google OAuth stub)', { timeout: 30_000 }, () => {
  let rig: MailRig;
  beforeAll(async () => {
    rig = await startMailRig();
  });
  afterAll(async () => {
    await rig?.stop();
  });

  it('delivers a customer message through Postfix into the Dovecot INBOX, any recipient domain', async () => {
    await rig.deliver(
      'From: Ana <ana@cliente.test>\r\nTo: geral@example.test, outro@gmail.com\r\nSubject: Olá\r\nMessage-ID: <m1@cliente.test>\r\n\r\nBom dia\r\n',
    );
    const raw = await rig.waitForMessage('geral@example.test', '<m1@cliente.test>');
    expect(raw).toContain('Return-Path: <ana@cliente.test>');
    expect(raw).toContain('Bom dia');
    await rig.waitForMessage('outro@gmail.com', '<m1@cliente.test>');
  });

  it('delivers a bounce with an empty envelope sender', async () => {
    await rig.deliver('From: MAILER-DAEMON@example.test\r\nTo: geral@example.test\r\nMessage-ID: <b1@x>\r\n\r\nx\r\n', {
      envelopeFrom: '',
    });
    expect(await rig.waitForMessage('geral@example.test', '<b1@x>')).toMatch(/^Return-Path: <>/);
  });

  it('accepts passwords and Google tokens over IMAP and submission, and refuses a wrong password', async () => {
    const imap = new ImapFlow({
      host: rig.host,
      port: rig.ports.imap,
      secure: false,
      auth: { user: 'comercial@example.test', pass: 'comercial-pass' },
      logger: false,
    });
    await imap.connect();
    await imap.logout();

    const tokens = await googleSignIn(rig, 'geral@example.test');
    const send = nodemailer.createTransport({
      host: rig.host,
      port: rig.ports.submission,
      secure: false,
      ignoreTLS: true,
      auth: { type: 'OAuth2', user: 'geral@example.test', accessToken: tokens.access_token },
    });
    const info = await send.sendMail({
      from: 'geral@example.test',
      to: 'comercial@example.test',
      subject: 'x',
      text: 'y',
      messageId: '<sent1@example.test>',
    });
    expect(info.accepted).toEqual(['comercial@example.test']);
    await rig.waitForMessage('comercial@example.test', '<sent1@example.test>');

    rig.oauth.revokeUser('geral@example.test');
    await expect(send.sendMail({ from: 'geral@example.test', to: 'x@example.test', text: 'z' })).rejects.toThrow(
      /535|Authentication/i,
    );
    const wrong = new ImapFlow({
      host: rig.host,
      port: rig.ports.imap,
      secure: false,
      auth: { user: 'geral@example.test', pass: 'nope' },
      logger: false,
    });
    wrong.on('error', () => {});
    await expect(wrong.connect()).rejects.toMatchObject({ authenticationFailed: true });
  });

  it('adds users at run time and appends straight into a folder', async () => {
    await rig.addUser('novo@example.test', 'novo-pass');
    await rig.append('novo@example.test', 'From: a@b.test\r\nMessage-ID: <ap1@b.test>\r\nSubject: s\r\n\r\nbody\r\n');
    await rig.waitForMessage('novo@example.test', '<ap1@b.test>', 2000);
  });
});
