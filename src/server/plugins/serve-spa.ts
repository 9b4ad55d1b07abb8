import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app (dist/web). /api paths that match no route answer 404 JSON; any other
 * GET that matches no file gets index.html, whose router shows the screen or redirects to /.
 */
export async function serveSpa(app: FastifyInstance, opts: { webRoot: string }) {
  const indexPath = path.join(opts.webRoot, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webRoot, filePath);
        // Hashed assets never change; everything else (sw.js, manifest, icons) is revalidated.
        res.header('cache-control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    if (!indexHtml) return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
