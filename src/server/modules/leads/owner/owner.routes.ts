import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  bulkLeadOwnerResponseSchema,
  bulkLeadOwnerSchema,
  leadOwnerOptionsSchema,
  ownerRuleResponseSchema,
  ownerRuleSchema,
  setLeadOwnerResponseSchema,
  setLeadOwnerSchema,
} from '#shared/schemas/lead-owners.ts';
import { expectedVersion } from '#server/lib/versioned.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { LeadOwnerService } from './owner.service.ts';

/** Lead owners (ADR 065): any staff member assigns leads; admins set the rule for new ones. */
export const leadOwnerRoutes: FastifyPluginAsyncZod<{ owners: LeadOwnerService }> = async (app, { owners }) => {
  app.get(
    '/api/lead-owners',
    { config: { access: 'user' }, schema: { response: { 200: leadOwnerOptionsSchema } } },
    async () => owners.options(),
  );

  app.put(
    '/api/leads/:id/owner',
    {
      config: { access: 'user' },
      schema: { params: idParamSchema, body: setLeadOwnerSchema, response: { 200: setLeadOwnerResponseSchema } },
    },
    async (request) =>
      owners.setOwner(
        request.params.id,
        { ...request.body, version: expectedVersion(request, request.body) ?? undefined },
        signedInUser(request),
        request.ip,
      ),
  );

  app.post(
    '/api/leads/owner',
    {
      config: { access: 'user' },
      schema: { body: bulkLeadOwnerSchema, response: { 200: bulkLeadOwnerResponseSchema } },
    },
    async (request) => ({ count: await owners.setOwners(request.body, signedInUser(request), request.ip) }),
  );

  app.get(
    '/api/settings/lead-owner-rule',
    { config: { access: 'user' }, schema: { response: { 200: ownerRuleResponseSchema } } },
    async () => owners.rule(),
  );

  app.put(
    '/api/settings/lead-owner-rule',
    { config: { access: 'admin' }, schema: { body: ownerRuleSchema, response: { 200: ownerRuleResponseSchema } } },
    async (request) =>
      owners.saveRule(
        { ...request.body, version: expectedVersion(request, request.body) ?? undefined },
        signedInUser(request),
        request.ip,
      ),
  );
};
