import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicPageMeta } from '#web/app/public-meta.ts';
import { serializePageData, type PublicPageData } from '#web/app/public-page-data.ts';
import {
  ISV_SIMULATOR_PATH,
  LANDING_PATHS,
  LEGACY_PROPOSAL_PREFIX,
  legacyProposalUrl,
  matchPublicRoute,
  PROPOSAL_PREFIX,
  type PublicRoute,
} from '#web/app/public-routes.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import type { Clock } from '#server/lib/clock.ts';
import { readIndexHtml, WEB_APP_NOT_BUILT } from '#server/plugins/serve-spa.ts';
import type { ImportsService } from '#server/modules/imports/imports.service.ts';
import type { ProposalsService } from '#server/modules/proposals/proposals.service.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import { renderDocument } from './html-document.ts';
import { robotsTxt, sitemapXml } from './robots.ts';
import { trackingPageRoutes } from './tracking-page.ts';
import type * as RenderAppModule from './render-app.tsx';
import type * as ProposalScreensModule from '#web/app/routes/public/proposal.tsx';

export interface PublicSiteOptions {
  webRoot: string;
  settings: SettingsService;
  proposals: ProposalsService;
  /** The customer's tracking page /acompanhar/{publicId} (tracking-page.ts). */
  imports: ImportsService;
  clock: Clock;
  /** Origin of absolute links (PUBLIC_URL): never the request's Host header, which any client writes. */
  publicUrl: string;
}

/**
 * The public pages rendered on the server (ADR 009): the first paint needs no
 * JavaScript, and link previews (WhatsApp, Facebook) read each proposal's title, photo and total.
 * Also robots.txt and sitemap.xml. Everything else is still the static web app (serve-spa.ts).
 */
export async function publicSiteRoutes(app: FastifyInstance, opts: PublicSiteOptions) {
  // react-dom/server and the screens load on the first public page, not at start-up: a server that
  // only answers the back office never holds them in memory (ADR 011). The proposal screens (with
  // Radix) load separately, so the landing page does not wait for them. A failed import is retried
  // on the next request.
  let renderer: Promise<typeof RenderAppModule> | undefined;
  let proposalScreens: Promise<typeof ProposalScreensModule> | undefined;
  const loadRenderer = () =>
    (renderer ??= import('./render-app.tsx').catch((err: unknown) => {
      renderer = undefined;
      throw err;
    }));
  const loadProposalScreens = () =>
    (proposalScreens ??= import('#web/app/routes/public/proposal.tsx').catch((err: unknown) => {
      proposalScreens = undefined;
      throw err;
    }));

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query = ''] = request.url.split('?');
    const route = matchPublicRoute(pathname);
    const template = await readIndexHtml(opts.webRoot);
    if (!route || !template) return reply.status(503).type('text/plain').send(WEB_APP_NOT_BUILT);
    const search = query ? `?${query}` : '';
    const baseUrl = opts.publicUrl;
    const data = await loadPageData(route, opts);
    const { renderPublicApp } = await loadRenderer();
    const screens =
      route.kind === 'landing' || route.kind === 'isv-simulator' ? undefined : await loadProposalScreens();
    const settings = data.settings!;
    const meta = publicPageMeta(route, settings.company.name, data, settings.company.logoUrl);
    const proposal = data.proposal?.proposal;
    const html = renderDocument(template, {
      meta,
      baseUrl,
      path: pathname,
      siteName: settings.company.name,
      appHtml: renderPublicApp(route, data, search, screens),
      dataJson: serializePageData(data),
      preloadImage: proposal?.imageUrls[0] ?? null,
      refreshTo: data.legacyTarget ?? null,
      jsonLd:
        route.kind === 'landing' && route.variant === 'full' ? organisation(baseUrl, settings.company) : undefined,
    });
    const missing =
      (route.kind === 'proposal' || route.kind === 'legacy-proposal') && !data.legacyTarget && !data.proposal;
    // A proposal names its customer: kept out of shared caches and off the disk (back button included).
    const cacheControl = route.kind === 'proposal' || route.kind === 'legacy-proposal' ? PRIVATE : 'no-cache';
    return sendHtml(request, reply.status(missing ? 404 : 200), html, cacheControl);
  };

  for (const path of Object.keys(LANDING_PATHS)) app.get(path, page);
  app.get(ISV_SIMULATOR_PATH, page);
  app.get(`${PROPOSAL_PREFIX.pt}/:publicId`, page);
  app.get(`${PROPOSAL_PREFIX.en}/:publicId`, page);
  app.get(`${LEGACY_PROPOSAL_PREFIX}/:publicId`, page);
  await app.register(trackingPageRoutes, opts);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(opts.publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(opts.publicUrl)),
  );
}

async function loadPageData(route: PublicRoute, opts: PublicSiteOptions): Promise<PublicPageData> {
  const today = todayInLisbon(opts.clock.now());
  const currentYear = Number(today.slice(0, 4));
  const settingsPromise = opts.settings.getPublic();
  if (route.kind === 'landing') return { settings: await settingsPromise, currentYear };
  if (route.kind === 'isv-simulator') return { settings: await settingsPromise, currentYear, today };
  if (route.kind === 'legacy-proposal') {
    const site = await opts.settings.legacySiteUrl();
    if (site)
      return { settings: await settingsPromise, currentYear, legacyTarget: legacyProposalUrl(site, route.publicId) };
  }
  const [settings, proposal] = await Promise.all([settingsPromise, opts.proposals.findPublic(route.publicId)]);
  return { settings, currentYear, proposal, legacyTarget: null };
}

function organisation(baseUrl: string, company: { name: string; phone: string; email: string; logoUrl: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutomotiveBusiness',
    name: company.name,
    url: `${baseUrl}/`,
    telephone: company.phone,
    email: company.email,
    logo: company.logoUrl || `${baseUrl}/icon-512.png`,
    areaServed: 'PT',
  };
}

const PRIVATE = 'private, no-store';

/** Pages change with settings and proposals: revalidated on every load, compressed when the browser can. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, cacheControl: string) {
  reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}
