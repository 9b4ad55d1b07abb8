import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const WEB_APP_NOT_BUILT = 'The web app is not built yet: run `npm run build` (npm start does it for you).';

/** dist/web/index.html, read per request (it is tiny) so a rebuild never leaves a running server pointing at old assets. */
export async function readIndexHtml(webRoot: string): Promise<string | null> {
  return readFile(path.join(webRoot, 'index.html'), 'utf8').catch(() => null);
}

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
      // '/' is a directory: with no index file @fastify/static answers it 403, so name index.html.
      index: ['index.html'],
      // The build writes .br and .gz beside each script and style sheet (vite.config.ts).
      preCompressed: true,
      // The Cache-Control below is ours alone (@fastify/static would otherwise set max-age=0 after it).
      cacheControl: false,
      // Source maps are for the developer's machine: never served (the build also leaves them unlinked).
      allowedPath: (pathName) => !/\.map$/i.test(pathName),
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webRoot, filePath);
        // Hashed assets never change; everything else (sw.js, manifest, icons) is revalidated.
        res.setHeader(
          'cache-control',
          rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // API paths, other methods and missing files (a path with an extension) are plain 404s.
    if (
      url.startsWith('/api') ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      /\.[a-z0-9]+$/i.test(url)
    ) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    const indexHtml = built ? await readIndexHtml(opts.webRoot) : null;
    if (!indexHtml) return reply.status(503).type('text/plain').send(WEB_APP_NOT_BUILT);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
