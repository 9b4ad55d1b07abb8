import { describe, expect, it } from 'vitest';
import { legacyProposalUrl, matchPublicRoute, proposalPath } from './public-routes.ts';

describe('the public route table', () => {
  it('matches the landing page and its reduced forms', () => {
    expect(matchPublicRoute('/')).toEqual({ kind: 'landing', variant: 'full' });
    for (const p of ['/contacto', '/contactos', '/contacts', '/contact', '/contacto/'])
      expect(matchPublicRoute(p)).toEqual({ kind: 'landing', variant: 'contact' });
    expect(matchPublicRoute('/faq')).toEqual({ kind: 'landing', variant: 'faq' });
  });

  it('matches the ISV simulator (decision 010)', () => {
    for (const p of ['/simulador-isv', '/simulador-isv/'])
      expect(matchPublicRoute(p)).toEqual({ kind: 'isv-simulator' });
  });

  it('matches both proposal languages and the legacy route', () => {
    expect(matchPublicRoute('/proposta/abc-1')).toEqual({ kind: 'proposal', lang: 'pt', publicId: 'abc-1' });
    expect(matchPublicRoute('/proposals/abc-1')).toEqual({ kind: 'proposal', lang: 'en', publicId: 'abc-1' });
    expect(matchPublicRoute('/legacy/proposals/abc-1')).toEqual({ kind: 'legacy-proposal', publicId: 'abc-1' });
    expect(matchPublicRoute('/proposta/a%20b')).toEqual({ kind: 'proposal', lang: 'pt', publicId: 'a b' });
  });

  it('leaves everything else to the app router (which redirects unknown paths to /)', () => {
    for (const p of [
      '/admin',
      '/admin/leads',
      '/simulador-isv/x',
      '/whatever',
      '/proposta',
      '/proposta/a/b',
      '/proposta/%E0%A4%A',
      '/Contacto',
      '/legacy/proposta/x',
    ]) {
      expect(matchPublicRoute(p), p).toBeNull();
    }
  });

  it('builds proposal and legacy addresses', () => {
    expect(proposalPath('en', 'a b')).toBe('/proposals/a%20b');
    expect(legacyProposalUrl('https://old.pt/', 'x-1')).toBe('https://old.pt/proposals/x-1');
  });
});
