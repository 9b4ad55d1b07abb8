import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens, securityAuditLog, users } from '#server/db/schema/auth.ts';
import { EXTENSION_ID } from '#shared/extension.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '#test/test-app.ts';

const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
const NEW_PASSWORD = 'Fresh3rPassw0rd';

// Credentials die with the account (ADR 059): a token lives only while its user does, and a new
// password, a role change or a deletion revokes every token the user had, audited.
describe('access tokens end with the account’s credentials', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginAs('admin');
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload, remoteAddress: '203.0.113.9' });
  const search = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/extension/leads?q=joana',
      headers: { authorization: `Bearer ${token}`, origin: EXTENSION_ORIGIN },
    });
  async function staffWithToken() {
    const { user, cookie } = await t.loginAs('user');
    const res = await call('POST', '/api/profile/tokens', cookie, { name: 'Chrome' });
    expect(res.statusCode).toBe(201);
    const token = res.json().token as string;
    expect((await search(token)).statusCode).toBe(200);
    return { user, cookie, token };
  }
  const liveTokens = async (userId: number) =>
    t.database.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  const revocations = async (userId: number) =>
    t.database.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, userId), eq(securityAuditLog.event, 'api_token_revoked')))
      .orderBy(desc(securityAuditLog.id));

  it('refuses the token of a deleted user even when nothing revoked it', async () => {
    const { user, token } = await staffWithToken();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await search(token)).statusCode).toBe(401);
  });

  it('deleting a user revokes their tokens, audited, and the token answers 401', async () => {
    const { user, token } = await staffWithToken();
    expect((await call('DELETE', `/api/users/${user.id}`, admin.cookie)).statusCode).toBe(200);
    const res = await search(token);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('joana');
    expect(await liveTokens(user.id)).toEqual([]);
    expect(await revocations(user.id)).toEqual([
      expect.objectContaining({ ipAddress: '203.0.113.9', details: `Chrome (user deleted by ${admin.user.username})` }),
    ]);
  });

  it('a user changing their own password revokes their tokens', async () => {
    const { user, cookie, token } = await staffWithToken();
    const res = await call('PUT', `/api/users/${user.id}`, cookie, {
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await search(token)).statusCode).toBe(401);
    expect(await liveTokens(user.id)).toEqual([]);
    expect((await revocations(user.id))[0]).toMatchObject({ details: 'Chrome (password changed)' });
  });

  it('an admin resetting a password revokes that user’s tokens', async () => {
    const { user, token } = await staffWithToken();
    const res = await call('PUT', `/api/users/${user.id}`, admin.cookie, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await search(token)).statusCode).toBe(401);
    expect((await revocations(user.id))[0]).toMatchObject({ details: 'Chrome (password changed)' });
  });

  it('a role change revokes the user’s tokens', async () => {
    const { user, token } = await staffWithToken();
    const res = await call('PUT', `/api/users/${user.id}`, admin.cookie, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect((await search(token)).statusCode).toBe(401);
    expect((await revocations(user.id))[0]).toMatchObject({ details: 'Chrome (role changed)' });
  });

  it('an edit of name or e-mail keeps the tokens', async () => {
    const { user, token } = await staffWithToken();
    const res = await call('PUT', `/api/users/${user.id}`, admin.cookie, { firstName: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect((await search(token)).statusCode).toBe(200);
    expect(await revocations(user.id)).toEqual([]);
  });
});
