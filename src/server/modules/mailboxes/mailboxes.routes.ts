import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import { sessionToken, signedInUser } from '#server/plugins/auth.ts';
import type { SessionService } from '#server/modules/auth/session.service.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import { safeFileName } from '#shared/text/file-name.ts';
import {
  accountParamSchema,
  authUrlSchema,
  checkResultSchema,
  connectImapSchema,
  failedMessagesSchema,
  gmailStatusSchema,
  importAsTextResultSchema,
  importLeadResultSchema,
  importLeadSchema,
  mailboxStatusSchema,
  MAIL_ACCOUNT_LABELS,
  testResultSchema,
} from '#shared/schemas/mailboxes.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { createMailboxAudit, type MailboxActor } from './mailbox-audit.ts';
import type { MailboxConnectionsService } from './mailbox-connections.service.ts';
import type { MailboxSyncService } from './mailbox-sync.service.ts';
import { binaryBodySchema } from '#server/lib/binary-schema.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page the Google sign-in tab lands on: tells the opener, closes itself, or says what went wrong. */
function callbackPage(ok: boolean, title: string, message: string): string {
  const payload = JSON.stringify({ type: 'gmail-connected', ok }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}a{color:#8ab4f8}}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/admin/settings">Back to Settings</a></p>
<script>try{if(window.opener){window.opener.postMessage(${payload},location.origin);${ok ? 'setTimeout(function(){window.close()},1500);' : ''}}}catch(e){}</script>
</body></html>`;
}

/** The company mailboxes (docs/mail.md, /api/gmail/*): connect and health for admins, check and import for staff. */
export const mailboxesRoutes: FastifyPluginAsyncZod<{
  connections: MailboxConnectionsService;
  sync: MailboxSyncService;
  sessions: SessionService;
  audit: Pick<AuditService, 'record'>;
}> = async (app, { connections, sync, sessions, audit }) => {
  // Connect, test and disconnect are audited (issue 31).
  const audited = createMailboxAudit(connections, audit);
  const actor = (request: FastifyRequest): MailboxActor => {
    const user = signedInUser(request);
    return { id: user.id, username: user.username, ip: request.ip };
  };
  app.get(
    '/api/gmail/status',
    { config: { access: 'admin' }, schema: { response: { 200: gmailStatusSchema } } },
    async () => connections.status(),
  );

  app.get(
    '/api/gmail/auth/:account',
    {
      config: { access: 'admin' },
      schema: {
        params: accountParamSchema,
        querystring: z.object({ loginHint: z.email().optional() }),
        response: { 200: authUrlSchema },
      },
    },
    async (request) => ({
      authUrl: connections.googleAuthUrl(request.params.account, request.session!.sid, request.query.loginHint),
    }),
  );

  // Google's redirect lands here in the admin's tab: a page, never JSON. Checked here rather than
  // by the guard so every outcome is a readable page.
  app.get(
    '/api/gmail/callback',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({
          state: z.string().max(500).optional(),
          code: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
          scope: z.string().max(2000).optional(),
        }),
        response: {
          200: {
            description: "A page telling the admin how Google's sign-in ended (it closes its tab when it can).",
            content: { 'text/html': { schema: z.string() } },
          },
          '4xx': {
            description: 'A page saying why the mailbox was not connected (not signed in, not an admin, bad state).',
            content: { 'text/html': { schema: z.string() } },
          },
          '5xx': {
            description: 'A page saying the connection failed; try again from Settings.',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      const token = sessionToken(request);
      const found = token ? await sessions.authenticate(token) : null;
      request.user = found?.session.user ?? null;
      request.session = found?.session ?? null;
      if (!request.user) {
        return reply
          .status(401)
          .send(
            callbackPage(
              false,
              'Sign in first',
              'Sign in to the back office as an administrator, then connect the mailbox again from Settings.',
            ),
          );
      }
      if (request.user.role !== 'admin') {
        return reply
          .status(403)
          .send(callbackPage(false, 'Access Denied', 'Only administrators connect the company mailboxes.'));
      }
      try {
        const account = await audited.googleCallback(request.query, request.session?.sid ?? null, actor(request));
        return reply.send(
          callbackPage(
            true,
            'Mailbox connected',
            `The ${MAIL_ACCOUNT_LABELS[account]} mailbox is connected. You can close this tab.`,
          ),
        );
      } catch (err) {
        // An AppError carries a 4xx status; anything else is a 500 (both declared above).
        const status = (err instanceof AppError ? err.status : 500) as 400 | 500;
        const message = err instanceof AppError ? err.message : 'Something went wrong. Try again from Settings.';
        if (!(err instanceof AppError)) request.log.error({ err }, 'Google callback failed');
        return reply.status(status).send(callbackPage(false, 'Mailbox not connected', message));
      }
    },
  );

  app.post(
    '/api/gmail/connect/:account',
    {
      config: { access: 'admin' },
      schema: { params: accountParamSchema, body: connectImapSchema, response: { 200: mailboxStatusSchema } },
    },
    async (request) => audited.connectImap(request.params.account, request.body, actor(request)),
  );

  app.post(
    '/api/gmail/disconnect/:account',
    {
      config: { access: 'admin' },
      schema: {
        params: accountParamSchema,
        response: { 200: z.object({ message: z.string(), revoked: z.boolean() }) },
      },
    },
    async (request) => {
      const { revoked } = await audited.disconnect(request.params.account, actor(request));
      return {
        message: `${MAIL_ACCOUNT_LABELS[request.params.account]} account has been successfully disconnected.`,
        revoked,
      };
    },
  );

  app.post(
    '/api/gmail/test',
    { config: { access: 'admin' }, schema: { response: { 200: testResultSchema } } },
    async (request) => audited.test(actor(request)),
  );

  // Sync health (ADR 064): what could not be imported, and 'Import anyway as text'.
  app.get(
    '/api/gmail/:account/failed-messages',
    { config: { access: 'admin' }, schema: { params: accountParamSchema, response: { 200: failedMessagesSchema } } },
    async (request) => sync.failedMessages(request.params.account),
  );

  app.post(
    '/api/gmail/failed-messages/:id/import-as-text',
    { config: { access: 'admin' }, schema: { params: idParamSchema, response: { 200: importAsTextResultSchema } } },
    async (request) => sync.importAsText(request.params.id),
  );

  app.post(
    '/api/gmail/check',
    { config: { access: 'user' }, schema: { response: { 200: checkResultSchema } } },
    async () => sync.check(),
  );

  app.post(
    '/api/gmail/import-lead',
    { config: { access: 'user' }, schema: { body: importLeadSchema, response: { 200: importLeadResultSchema } } },
    async (request) => {
      signedInUser(request);
      return sync.importByReference(request.body.reference);
    },
  );

  app.get(
    '/api/mail/attachments/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamSchema,
        response: {
          200: {
            description:
              'An e-mail attachment as received, with its own content type (a download, never shown inline).',
            content: { 'application/octet-stream': { schema: binaryBodySchema() } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await sync.attachment(request.params.id);
      return (
        reply
          .header('content-type', file.contentType)
          // Saved under its real name: no bidirectional controls (issue 31).
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(safeFileName(file.filename))}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.data))
      );
    },
  );
};
