import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema } from '#shared/schemas/audit.ts';
import type { AuditService } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  // The security audit log card on the Users screen: admin only (ADR 029).
  app.get(
    '/api/admin/security-audit-logs',
    {
      config: { access: 'admin' },
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    },
    async (request) => audit.list({ ...request.query, username: request.query.username || undefined }),
  );
};
