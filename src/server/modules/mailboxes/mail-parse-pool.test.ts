import { afterAll, describe, expect, it } from 'vitest';
import { createMailParser, MailParseError } from './mail-parse-pool.ts';

const raw = (body: string, headers = '') =>
  Buffer.from(
    `From: Ana <ana@cliente.pt>\r\nSubject: Carro\r\nMessage-ID: <p1@cliente.pt>${headers}\r\n\r\n${body}\r\n`,
  );

describe('the parse worker: size cap and time budget', () => {
  const parser = createMailParser({ maxBytes: 2 * 1024 * 1024, budgetMs: 3000 });
  afterAll(() => parser.close());

  it('reads a message in the worker, attachments as Buffers', async () => {
    const msg = await parser.parse(
      raw(
        '--b\r\nContent-Type: text/plain\r\n\r\nOlá\r\n--b\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename="f.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0=\r\n--b--',
        '\r\nContent-Type: multipart/mixed; boundary="b"',
      ),
    );
    expect(msg).toMatchObject({ messageId: '<p1@cliente.pt>', subject: 'Carro', text: 'Olá' });
    expect(msg.from).toEqual({ address: 'ana@cliente.pt', name: 'Ana' });
    expect(msg.date).toBeInstanceOf(Date);
    expect(Buffer.isBuffer(msg.attachments[0]!.content)).toBe(true);
    expect(msg.attachments[0]!.content.toString()).toBe('%PDF-');
  });

  it('refuses a message over the cap before parsing', async () => {
    const err = await parser.parse(Buffer.alloc(3 * 1024 * 1024, 97)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailParseError);
    expect((err as MailParseError).kind).toBe('too_large');
    expect((err as Error).message).toBe('The message is 3.0 MB, over the 2.0 MB limit.');
  });

  it('stops a parse past its budget and reads the next message with a new worker', async () => {
    const slow = createMailParser({ budgetMs: 1 });
    const err = await slow
      .parse(raw('<p>x</p>'.repeat(50_000), '\r\nContent-Type: text/html'))
      .catch((e: unknown) => e);
    expect((err as MailParseError).kind).toBe('timeout');
    await slow.close();
    expect((await parser.parse(raw('de novo'))).text).toBe('de novo');
  });
});
