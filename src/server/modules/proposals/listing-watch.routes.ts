import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { listingCheckSchema, LISTING_CHECK_MESSAGES } from '#shared/schemas/proposals.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { ListingWatchService } from './listing-watch.service.ts';
import type { ProposalsService } from './proposals.service.ts';
import { STAFF_PROPOSAL_NOT_FOUND } from './proposals.service.ts';

/** 'Check listing now' on a proposal (ADR 068): the listing watch's read of one listing, at once. */
export const listingWatchRoutes: FastifyPluginAsyncZod<{
  watch: ListingWatchService;
  proposals: Pick<ProposalsService, 'stored'>;
}> = async (app, { watch, proposals }) => {
  app.post(
    '/api/proposals/:id/listing-check',
    { config: { access: 'user' }, schema: { params: idParamSchema, response: { 200: listingCheckSchema } } },
    async (request) => {
      const checked = await watch.checkNow(request.params.id);
      if (!checked) throw notFound(STAFF_PROPOSAL_NOT_FOUND);
      if (checked.outcome === 'unwatchable') throw new AppError('VALIDATION', LISTING_CHECK_MESSAGES.unwatchable);
      const proposal = await proposals.stored(request.params.id);
      if (!proposal) throw notFound(STAFF_PROPOSAL_NOT_FOUND);
      return { outcome: checked.outcome, proposal };
    },
  );
};
