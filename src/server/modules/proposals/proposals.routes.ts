import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  PROPOSAL_LIMITS,
  proposalDeliveredInputSchema,
  proposalDeliveredSchema,
  proposalInputSchema,
  proposalUpdateSchema,
  proposalListSchema,
  proposalWriteResponseSchema,
  scrapeRequestSchema,
  scrapeResponseSchema,
  uploadedPhotoSchema,
} from '#shared/schemas/proposals.ts';
import { publicProposalResponseSchema } from '#shared/schemas/public-proposal.ts';
import { AppError } from '#server/lib/app-error.ts';
import { keepOmittedFields } from '#server/lib/keep-omitted.ts';
import { ifMatchHeadersSchema } from '#shared/schemas/versioned.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { sessionToken, signedInUser } from '#server/plugins/auth.ts';
import type { SessionService } from '#server/modules/auth/session.service.ts';
import type { ProposalsService } from './proposals.service.ts';
import type { ListingScraper } from './scrape-vehicle.ts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

interface Options {
  proposals: ProposalsService;
  scraper: ListingScraper;
  sessions: Pick<SessionService, 'resolve'>;
  scrapeRatePerMinute: number;
}

/** Proposals (ADR 013): staff CRUD, photo upload, listing extraction, and the customer's link. */
export const proposalsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { proposals, scraper, sessions, scrapeRatePerMinute },
) => {
  const access = { access: 'user' as const };
  const ok = z.object({ ok: z.literal(true) });

  // Uploads arrive as the image itself (Content-Type image/jpeg, png or webp), not multipart.
  app.addContentTypeParser(
    [...PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: PROPOSAL_LIMITS.maxPhotoBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/leads/:id/proposals',
    { config: access, schema: { params: idParamSchema, response: { 200: proposalListSchema } } },
    async (request) => proposals.listForLead(request.params.id),
  );

  app.post(
    '/api/leads/:id/proposals',
    {
      config: access,
      schema: { params: idParamSchema, body: proposalInputSchema, response: { 201: proposalWriteResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await proposals.create(request.params.id, request.body, signedInUser(request))),
  );

  app.post(
    '/api/proposals/:id/delivered',
    {
      config: access,
      schema: { params: idParamSchema, body: proposalDeliveredInputSchema, response: { 200: proposalDeliveredSchema } },
    },
    async (request) => proposals.markDelivered(request.params.id, request.body.via, signedInUser(request), request.ip),
  );

  app.put(
    '/api/proposals/:id',
    {
      config: access,
      // A field left out keeps its stored value (not the create defaults); ISV, IVA and total are recomputed.
      preValidation: keepOmittedFields(Object.keys(proposalInputSchema.shape), (id) => proposals.stored(id)),
      schema: {
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: proposalUpdateSchema,
        response: { 200: proposalWriteResponseSchema },
      },
    },
    async (request) => {
      const { version: _version, ...input } = request.body;
      return proposals.update(request.params.id, input, expectedVersion(request, request.body), signedInUser(request));
    },
  );

  app.delete(
    '/api/proposals/:id',
    { config: access, schema: { params: idParamSchema, headers: ifMatchHeadersSchema, response: { 200: ok } } },
    async (request) => {
      // No body: the version read comes as If-Match (ADR 022).
      await proposals.remove(request.params.id, expectedVersion(request), signedInUser(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/proposals/photos',
    {
      config: access,
      schema: {
        description: `The request body is the photo itself (Content-Type ${PHOTO_TYPES.join(', ')}; at most ${PROPOSAL_LIMITS.maxPhotoBytes / 1024 / 1024} MB), not a multipart form. Answers the stored photo's address.`,
        response: { 201: uploadedPhotoSchema },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP photo');
      return reply.status(201).send(await proposals.uploadPhoto(request.body));
    },
  );

  // Reading a listing can take long: limited per user so nobody hammers a marketplace.
  app.post(
    '/api/scrape-vehicle-data',
    {
      config: {
        ...access,
        rateLimit: {
          max: scrapeRatePerMinute,
          timeWindow: '1 minute',
          keyGenerator: (r) => `scrape:${r.user?.id ?? r.ip}`,
        },
      },
      bodyLimit: PROPOSAL_LIMITS.maxPageBytes + 256 * 1024,
      schema: { body: scrapeRequestSchema, response: { 200: scrapeResponseSchema } },
    },
    async (request) => scraper.scrape(request.body),
  );

  // The customer's link: public, and the response schema drops every field the customer must not see.
  app.get(
    '/api/proposals/public/:publicId',
    {
      config: { access: 'public' },
      schema: { params: z.object({ publicId: z.string() }), response: { 200: publicProposalResponseSchema } },
    },
    // The customer's proposal: never in a shared cache (the page itself says the same).
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return proposals.getPublic(request.params.publicId);
    },
  );

  // The page calls this once it has shown the proposal; link previews and crawlers never do.
  app.post(
    '/api/proposals/public/:publicId/view',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: z.object({ publicId: z.string() }), response: { 200: z.object({ counted: z.boolean() }) } },
    },
    async (request) => {
      const token = sessionToken(request);
      const staff = token ? (await sessions.resolve(token)) !== null : false;
      return proposals.recordView(request.params.publicId, { staff, key: request.ip });
    },
  );
};
