import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupFilenameSchema,
  backupListSchema,
  backupSchema,
  backupStatusSchema,
  restoreBackupBodySchema,
  restoreResultSchema,
} from '#shared/schemas/backups.ts';
import { AppError } from '#server/lib/app-error.ts';
import { signedInUser } from '#server/plugins/auth.ts';
import type { Actor, BackupsService } from './backups.service.ts';
import { binaryBodySchema } from '#server/lib/binary-schema.ts';

/** Largest backup file accepted by Upload. */
export const MAX_UPLOAD_BYTES = 8 * 1024 ** 3;

const actorOf = (request: Parameters<typeof signedInUser>[0]): Actor => {
  const user = signedInUser(request);
  return { userId: user.id, username: user.username, ipAddress: request.ip };
};

/** Database backups (admin only; ADR 030). */
export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupsService }> = async (app, { backups }) => {
  const admin = { access: 'admin' as const };

  app.get('/api/admin/backup/list', { config: admin, schema: { response: { 200: backupListSchema } } }, async () =>
    backups.list(),
  );

  app.get('/api/admin/backup/status', { config: admin, schema: { response: { 200: backupStatusSchema } } }, async () =>
    backups.status(),
  );

  app.post(
    '/api/admin/backup/create',
    { config: admin, schema: { response: { 200: backupSchema } } },
    async (request) => backups.create('manual', actorOf(request)),
  );

  app.post(
    '/api/admin/backup/restore',
    { config: admin, schema: { body: restoreBackupBodySchema, response: { 200: restoreResultSchema } } },
    async (request) => backups.restore(request.body.filename, actorOf(request)),
  );

  app.get(
    '/api/admin/backup/download/:filename',
    {
      config: admin,
      schema: {
        params: z.object({ filename: backupFilenameSchema }),
        response: {
          200: {
            description: 'The backup file (a tar: manifest.json and the native dump); its .sha256 checks it.',
            content: { 'application/x-tar': { schema: binaryBodySchema() } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await backups.fileFor(request.params.filename);
      return reply
        .header('content-type', 'application/x-tar')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${path.basename(file.path)}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file.path));
    },
  );

  // The upload's body is the file itself, streamed to disk, never held in memory.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.post(
    '/api/admin/backup/upload',
    {
      config: admin,
      schema: {
        querystring: z.object({ filename: z.string().max(300).default('upload.tar') }),
        response: { 200: backupSchema },
      },
    },
    async (request) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the backup file as application/octet-stream');
      await mkdir(backups.backupDir, { recursive: true });
      const tmp = path.join(backups.backupDir, `.upload-${randomBytes(6).toString('hex')}.tmp`);
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          received += chunk.length;
          if (received > MAX_UPLOAD_BYTES) cb(new AppError('PAYLOAD_TOO_LARGE', 'The backup file is too large'));
          else cb(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(tmp, { flags: 'wx' }));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      if (received === 0) {
        await rm(tmp, { force: true });
        throw new AppError('VALIDATION', 'The uploaded file is empty');
      }
      return backups.adoptUpload(tmp, path.basename(request.query.filename), actorOf(request));
    },
  );
};
