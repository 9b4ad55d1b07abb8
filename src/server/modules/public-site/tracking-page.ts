import type { FastifyInstance } from 'fastify';
import { previewImage, type PageMeta } from '#web/app/public-meta.ts';
import { IMPORT_STATUS_LABELS_PT, TRACKING_PATH_PREFIX } from '#shared/imports/tracking.ts';
import type { TrackingResponse } from '#shared/schemas/import-tracking.ts';
import { AppError } from '#server/lib/app-error.ts';
import { readIndexHtml, WEB_APP_NOT_BUILT } from '#server/plugins/serve-spa.ts';
import type { ImportsService } from '#server/modules/imports/imports.service.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import { renderDocument } from './html-document.ts';

/** Head of the tracking page: Portuguese, never indexed (a private link), with a link preview. */
export function trackingPageMeta(
  companyName: string,
  tracking: TrackingResponse | null,
  logoUrl?: string | null,
): PageMeta {
  const base = { lang: 'pt-PT', ogLocale: 'pt_PT', image: previewImage(logoUrl), noindex: true, canonicalPath: null };
  if (!tracking) {
    return {
      ...base,
      title: `Importação não encontrada | ${companyName}`,
      description: 'A importação solicitada não existe ou não está disponível.',
    };
  }
  const car = [tracking.vehicle.make, tracking.vehicle.model].filter(Boolean).join(' ');
  return {
    ...base,
    title: `Acompanhe a importação do seu ${car} | ${companyName}`,
    description: `Estado atual: ${IMPORT_STATUS_LABELS_PT[tracking.status]} (${tracking.progress}%). Veja as etapas da importação e os nossos contactos.`,
  };
}

/**
 * GET /acompanhar/{publicId}: the customer's tracking page (docs/imports-api.md). The server sends
 * the head (title, noindex, Open Graph) with the web app; the page itself renders in the browser
 * from GET /api/public/tracking/{publicId}.
 */
export async function trackingPageRoutes(
  app: FastifyInstance,
  opts: { webRoot: string; settings: SettingsService; imports: ImportsService; publicUrl: string },
) {
  app.get<{ Params: { publicId: string } }>(`${TRACKING_PATH_PREFIX}/:publicId`, async (request, reply) => {
    const template = await readIndexHtml(opts.webRoot);
    if (!template) return reply.status(503).type('text/plain').send(WEB_APP_NOT_BUILT);
    const [settings, tracking] = await Promise.all([
      opts.settings.getPublic(),
      opts.imports.tracking(request.params.publicId).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      }),
    ]);
    const html = renderDocument(template, {
      meta: trackingPageMeta(settings.company.name, tracking, settings.company.logoUrl),
      baseUrl: opts.publicUrl,
      path: request.url.split('?')[0]!,
      siteName: settings.company.name,
      appHtml: '',
      dataJson: 'null',
    });
    return reply
      .status(tracking ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(html);
  });
}
