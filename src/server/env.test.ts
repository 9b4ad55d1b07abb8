import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('environment', () => {
  it('has defaults for a zero-configuration start', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', TRUST_PROXY: false, SESSION_TTL_DAYS: 30 });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('parses booleans and numbers, ignoring empty values', () => {
    expect(loadEnv({ PORT: '8080', TRUST_PROXY: 'true', DATABASE_URL: '' })).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: true,
    });
  });
  it('names each wrong variable', () => {
    expect(() => loadEnv({ PORT: 'abc', ADMIN_PASSWORD: 'short' })).toThrow(
      /PORT[\s\S]*ADMIN_PASSWORD|ADMIN_PASSWORD[\s\S]*PORT/,
    );
  });
  it('has an idle timeout of 7 days by default, in whole days from 1 to 365', () => {
    expect(loadEnv({}).SESSION_IDLE_DAYS).toBe(7);
    expect(loadEnv({ SESSION_IDLE_DAYS: '2' }).SESSION_IDLE_DAYS).toBe(2);
    for (const bad of ['0', '1.5', 'week', '366'])
      expect(() => loadEnv({ SESSION_IDLE_DAYS: bad })).toThrow(/SESSION_IDLE_DAYS/);
  });
});
