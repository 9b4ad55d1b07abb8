import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { STALE_SIGNATURE } from './signatures.service.ts';

describe('mailbox signatures: the first save of a record not yet saved', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.loginAs('admin')).cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin } });

  it('a mailbox without a signature answers version 0, and the save that sends it back works', async () => {
    const read = (await call('GET', '/api/gmail/signature/geral')).json<{ signature: string; version: number }>();
    expect(read).toEqual({ signature: '', version: 0 });
    const saved = await call('PUT', '/api/gmail/signature/geral', { signature: '<p>Ana</p>', version: read.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ signature: '<p>Ana</p>', version: 1 });
    const next = await call('PUT', '/api/gmail/signature/geral', { signature: '<p>Ana Silva</p>', version: 1 });
    expect(next.json()).toEqual({ signature: '<p>Ana Silva</p>', version: 2 });
  });

  it('a second first save, based on version 0 after someone saved, is stale and writes nothing', async () => {
    expect(
      (await call('PUT', '/api/gmail/signature/comercial', { signature: '<p>A</p>', version: 0 })).statusCode,
    ).toBe(200);
    const late = await call('PUT', '/api/gmail/signature/comercial', { signature: '<p>B</p>', version: 0 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'STALE_VERSION', message: STALE_SIGNATURE });
    expect((await call('GET', '/api/gmail/signature/comercial')).json()).toEqual({ signature: '<p>A</p>', version: 1 });
  });

  it('a bad version answers a sentence, not the validator default', async () => {
    const res = await call('PUT', '/api/gmail/signature/geral', { signature: 'x', version: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Version must be 0 or more',
      fields: { version: 'Version must be 0 or more' },
    });
  });
});
