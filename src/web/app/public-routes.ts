/**
 * The public pages: the landing page and its reduced forms, the proposal pages and the ISV simulator.
 * main.tsx renders these without the client router (a plain page per address keeps the JavaScript
 * for / small), the server renders their HTML first (src/server/modules/public-site), and router.tsx
 * routes to them too for in-app navigation.
 */
export type LandingVariant = 'full' | 'contact' | 'faq';
export type ProposalLang = 'pt' | 'en';

export type PublicRoute =
  | { kind: 'landing'; variant: LandingVariant }
  | { kind: 'proposal'; lang: ProposalLang; publicId: string }
  | { kind: 'legacy-proposal'; publicId: string }
  | { kind: 'isv-simulator' };

export const LANDING_PATHS: Readonly<Record<string, LandingVariant>> = {
  '/': 'full',
  '/contacto': 'contact',
  '/contactos': 'contact',
  '/contacts': 'contact',
  '/contact': 'contact',
  '/faq': 'faq',
};

/** The proposal page in two languages: Portuguese under /proposta, English under /proposals. */
export const PROPOSAL_PREFIX: Readonly<Record<ProposalLang, string>> = { pt: '/proposta', en: '/proposals' };
export const LEGACY_PROPOSAL_PREFIX = '/legacy/proposals';

export const proposalPath = (lang: ProposalLang, publicId: string) =>
  `${PROPOSAL_PREFIX[lang]}/${encodeURIComponent(publicId)}`;

/** The older site's address for a proposal (ADR 009): the same path without /legacy. */
export const legacyProposalUrl = (site: string, publicId: string) =>
  `${site.replace(/\/+$/, '')}/proposals/${encodeURIComponent(publicId)}`;

/** The ISV simulator (ADR 010): linked from the landing page and the FAQ. */
export const ISV_SIMULATOR_PATH = '/simulador-isv';

function decode(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return value && !value.includes('/') ? value : null;
  } catch {
    return null;
  }
}

export function matchPublicRoute(pathname: string): PublicRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const variant = LANDING_PATHS[path];
  if (variant) return { kind: 'landing', variant };
  if (path === ISV_SIMULATOR_PATH) return { kind: 'isv-simulator' };
  const m = /^\/(proposta|proposals|legacy\/proposals)\/([^/]+)$/.exec(path);
  const publicId = m ? decode(m[2]!) : null;
  if (!m || !publicId) return null;
  if (m[1] === 'legacy/proposals') return { kind: 'legacy-proposal', publicId };
  return { kind: 'proposal', lang: m[1] === 'proposta' ? 'pt' : 'en', publicId };
}
