import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTENSION_PUBLIC_KEY, extensionZipPath } from '#shared/extension.ts';
import { LISTING_PAGE_DOMAINS, marketplaceOf } from '#shared/listings/hosts.ts';
import { extensionZipName } from './build-extension.ts';
import { unzipFiles, zipFiles } from './lib/zip.ts';

const manifest = JSON.parse(readFileSync(new URL('../extension/manifest.json', import.meta.url), 'utf8')) as {
  key: string;
  host_permissions: string[];
  optional_host_permissions: string[];
  permissions: string[];
  content_scripts: { matches: string[] }[];
};

describe('the manifest', () => {
  it('pins the id the server allows (the same public key)', () => {
    expect(manifest.key).toBe(EXTENSION_PUBLIC_KEY);
  });

  it('asks only for the marketplaces and storage; the back office is an optional permission', () => {
    expect(manifest.permissions).toEqual(['storage']);
    for (const pattern of manifest.host_permissions) {
      const url = pattern.replace('/*', '/angebote/x');
      expect(marketplaceOf(url), pattern).not.toBeNull();
    }
    expect(manifest.content_scripts[0]!.matches).toEqual(manifest.host_permissions);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('covers every AutoScout24 domain the parsers read, mobile.de and Standvirtual', () => {
    const hosts = manifest.host_permissions.map((p) => new URL(p.replace('*', 'x')).hostname);
    for (const domain of LISTING_PAGE_DOMAINS.filter((d) => /autoscout24|mobile\.de|standvirtual/.test(d)))
      expect(hosts.some((h) => h === `www.${domain}`)).toBe(true);
  });
});

describe('the download', () => {
  it('is where the install page links to', () => {
    expect(extensionZipPath('1.2.3')).toBe(`/downloads/${extensionZipName('1.2.3')}`);
  });
  it('is a zip the files come back out of', () => {
    const files = [
      { name: 'manifest.json', data: Buffer.from('{"version":"1.2.3"}') },
      { name: 'icons/a.png', data: Buffer.alloc(300, 7) },
    ];
    const out = unzipFiles(zipFiles(files));
    expect([...out.keys()]).toEqual(['manifest.json', 'icons/a.png']);
    expect(out.get('icons/a.png')).toEqual(files[1]!.data);
  });
});
