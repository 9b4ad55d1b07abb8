import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('environment', () => {
  it('has defaults for a zero-configuration start', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', TRUST_PROXY: false, SESSION_TTL_DAYS: 30 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BACKUP_DIR).toBe('data/backups');
  });
  it('backups go with the data: BACKUP_DIR defaults to DATA_DIR/backups', () => {
    expect(loadEnv({ DATA_DIR: '/srv/importcars' }).BACKUP_DIR).toBe('/srv/importcars/backups');
    expect(loadEnv({ DATA_DIR: '/srv/importcars', BACKUP_DIR: '/mnt/nas/backups' }).BACKUP_DIR).toBe(
      '/mnt/nas/backups',
    );
    expect(loadEnv({ DATA_DIR: '/srv/importcars', BACKUP_DIR: '' }).BACKUP_DIR).toBe('/srv/importcars/backups');
  });
  it('parses numbers, ignoring empty values', () => {
    expect(loadEnv({ PORT: '8080', TRUST_PROXY: '', DATABASE_URL: '' })).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: false,
    });
  });
  it('TRUST_PROXY names the proxy: addresses and CIDR ranges, or a hop count; true is refused', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    for (const v of ['true', 'TRUE', 'yes'])
      expect(() => loadEnv({ TRUST_PROXY: v })).toThrow(/TRUST_PROXY: .*127\.0\.0\.1/);
    for (const v of ['nginx', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,', '1.2.3.4/8/2'])
      expect(() => loadEnv({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY: .*not an address or CIDR range/);
  });
  it('PUBLIC_URL is an http(s) origin', () => {
    expect(loadEnv({}).PUBLIC_URL).toBeUndefined();
    expect(loadEnv({ PUBLIC_URL: 'https://www.example.pt/' }).PUBLIC_URL).toBe('https://www.example.pt');
    expect(loadEnv({ PUBLIC_URL: 'http://LOCALHOST:5000' }).PUBLIC_URL).toBe('http://localhost:5000');
    for (const v of [
      'www.example.pt',
      'ftp://example.pt',
      'https://example.pt/site',
      'https://example.pt/?a=1',
      'javascript:alert(1)',
    ])
      expect(() => loadEnv({ PUBLIC_URL: v }), v).toThrow(/PUBLIC_URL: must be the site's http\(s\) origin/);
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
  it('has a PostgreSQL pool of 10 connections by default, from 1 to 100', () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: '40' }).DATABASE_POOL_SIZE).toBe(40);
    for (const bad of ['0', '2.5', 'many', '101'])
      expect(() => loadEnv({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
