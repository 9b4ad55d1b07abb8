import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import { sessionToken, signedInUser } from '#server/plugins/auth.ts';
import type { SessionService } from '#server/modules/auth/session.service.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  accountParamSchema,
  authUrlSchema,
  checkResultSchema,
  connectImapSchema,
  gmailStatusSchema,
  importLeadResultSchema,
  importLeadSchema,
  mailboxStatusSchema,
  MAIL_ACCOUNT_LABELS,
  testResultSchema,
} from '#shared/schemas/mailboxes.ts';
import type { MailboxesService } from './mailboxes.service.ts';

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

/** The company mailboxes (spec section 7, /api/gmail/*): connect and health for admins, check and import for staff. */
export const mailboxesRoutes: FastifyPluginAsyncZod<{ mailboxes: MailboxesService; sessions: SessionService }> = async (
  app,
  { mailboxes, sessions },
) => {
  app.get(
    '/api/gmail/status',
    { config: { access: 'admin' }, schema: { response: { 200: gmailStatusSchema } } },
    async () => mailboxes.status(),
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
      authUrl: mailboxes.googleAuthUrl(request.params.account, request.session!.sid, request.query.loginHint),
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
        const account = await mailboxes.googleCallback(request.query, request.session?.sid ?? null);
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
    async (request) => mailboxes.connectImap(request.params.account, request.body),
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
      const { revoked } = await mailboxes.disconnect(request.params.account);
      return {
        message: `${MAIL_ACCOUNT_LABELS[request.params.account]} account has been successfully disconnected.`,
        revoked,
      };
    },
  );

  app.post(
    '/api/gmail/test',
    { config: { access: 'admin' }, schema: { response: { 200: testResultSchema } } },
    async () => mailboxes.test(),
  );

  app.post(
    '/api/gmail/check',
    { config: { access: 'user' }, schema: { response: { 200: checkResultSchema } } },
    async () => mailboxes.check(),
  );

  app.post(
    '/api/gmail/import-lead',
    { config: { access: 'user' }, schema: { body: importLeadSchema, response: { 200: importLeadResultSchema } } },
    async (request) => {
      signedInUser(request);
      return mailboxes.importByReference(request.body.reference);
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
            content: { 'application/octet-stream': { schema: z.any() } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await mailboxes.attachment(request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.data));
    },
  );
};
