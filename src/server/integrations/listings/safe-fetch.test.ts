import { beforeEach, describe, expect, it, vi } from 'vitest';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';
import { ALLOWED, expectCode } from './safe-fetch.test-helpers.ts';

describe('safeFetch: URL, host and address checks (no connection made)', () => {
  // Resolves every name to a private address, so a check that let the URL through fails loudly.
  const resolve = vi.fn(async (_host: string) => ['10.0.0.5']);
  const opts = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    allowedDomains: ALLOWED,
    accept: 'html',
    maxBytes: 1_000_000,
    timeoutMs: 2_000,
    resolve,
    ...extra,
  });
  beforeEach(() => resolve.mockClear());

  it.each([
    ['not a url', 'invalid_url'],
    ['//www.mobile.de/', 'invalid_url'],
    ['http://www.mobile.de/fahrzeuge/details.html?id=1', 'scheme_not_allowed'],
    ['ftp://www.mobile.de/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['data:text/html,hello', 'scheme_not_allowed'],
    ['https://user:pass@www.mobile.de/', 'credentials_in_url'],
    ['https://mobile.de@evil.example/', 'credentials_in_url'],
    ['https://www.mobile.de:8443/', 'port_not_allowed'],
    ['https://www.mobile.de:80/', 'port_not_allowed'],
    ['https://mobile.de.evil.example/', 'host_not_allowed'],
    ['https://evilmobile.de/', 'host_not_allowed'],
    ['https://evil.example#mobile.de', 'host_not_allowed'],
    ['https://evil.example/?next=https://www.mobile.de/', 'host_not_allowed'],
    ['https://evil.example\\.mobile.de', 'host_not_allowed'],
    ['https://mobile.de-evil.example/', 'host_not_allowed'],
    ['https://xn--mobile-8ya.de/', 'host_not_allowed'],
    ['https://127.0.0.1/', 'private_address'],
    ['https://127.1/', 'private_address'],
    ['https://0x7f.1/', 'private_address'],
    ['https://2130706433/', 'private_address'],
    ['https://0177.0.0.1/', 'private_address'],
    ['https://0x7f000001/', 'private_address'],
    ['https://169.254.169.254/latest/meta-data/', 'private_address'],
    ['https://[::1]/', 'private_address'],
    ['https://[::ffff:127.0.0.1]/', 'private_address'],
    ['https://[::ffff:a9fe:a9fe]/', 'private_address'],
    ['https://[fd00::1]/', 'private_address'],
    ['https://8.8.8.8/', 'host_not_allowed'],
    ['https://[2a00:1450::1]/', 'host_not_allowed'],
  ] as const)('%s → %s, before any DNS lookup', async (url, code) => {
    await expectCode(safeFetch(url, opts()), code);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('accepts allowlisted hosts by exact or dot-suffix match, case and trailing dot ignored, then refuses private DNS answers', async () => {
    for (const url of [
      'https://www.mobile.de/x',
      'https://MOBILE.DE./',
      'https://suchen.mobile.de:443/a?b=c',
      'https://www.autoscout24.de/angebote/x',
    ]) {
      await expectCode(safeFetch(url, opts()), 'private_address');
    }
    expect(resolve.mock.calls.map((c) => c[0])).toEqual([
      'www.mobile.de',
      'mobile.de',
      'suchen.mobile.de',
      'www.autoscout24.de',
    ]);
  });

  it('matches internationalised allowlist entries through IDNA, never by substring', async () => {
    await expectCode(safeFetch('https://www.bücher.de/', opts({ allowedDomains: ['BÜCHER.de.'] })), 'private_address');
    await expectCode(
      safeFetch('https://xn--bcher-kva.de.evil.example/', opts({ allowedDomains: ['bücher.de'] })),
      'host_not_allowed',
    );
    await expectCode(
      safeFetch('https://www.mobile.de/', opts({ allowedDomains: ['', '.', 'de.'] })),
      'private_address',
    );
    await expectCode(safeFetch('https://www.mobile.de/', opts({ allowedDomains: [] })), 'host_not_allowed');
  });

  it.each([
    [['127.0.0.1']],
    [['::1']],
    [['169.254.169.254']],
    [['192.168.0.10']],
    [['::ffff:10.0.0.1']],
    [['fe80::1%eth0']],
    [['93.184.215.14', '10.0.0.1']],
    [['2a00:1450::1', 'fc00::1']],
    [['0.0.0.0']],
  ])('refuses a host resolving to %j (any non-public answer)', async (addresses) => {
    await expectCode(safeFetch('https://www.mobile.de/', opts({ resolve: async () => addresses })), 'private_address');
  });

  it('reports DNS failures', async () => {
    await expectCode(safeFetch('https://www.mobile.de/', opts({ resolve: async () => [] })), 'dns_failed');
    await expectCode(
      safeFetch('https://www.mobile.de/', opts({ resolve: async () => Promise.reject(new Error('ENOTFOUND')) })),
      'dns_failed',
    );
  });

  it('bounds a DNS lookup that never answers by the deadline', async () => {
    await expectCode(
      safeFetch('https://www.mobile.de/', opts({ timeoutMs: 100, resolve: () => new Promise<string[]>(() => {}) })),
      'timeout',
    );
  });
});
