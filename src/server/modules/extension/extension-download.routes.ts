import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EXTENSION_INSTALL_PATH, extensionZipPath } from '#shared/extension.ts';
import { REPO_ROOT } from '#server/lib/paths.ts';
import { installPageHtml } from './install-page.ts';

/** The version the build wrote into the extension's manifest: package.json's. */
export function packageVersion(root = REPO_ROOT): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The public header's extension button (docs/rulings.md ruling 18): a short page in Portuguese on
 * installing the unpacked extension, which starts the download of the zip the build wrote into the
 * web app.
 */
export async function extensionDownloadRoutes(app: FastifyInstance, opts: { webRoot: string }) {
  const version = packageVersion();
  const zip = extensionZipPath(version);
  app.get(EXTENSION_INSTALL_PATH, async (_request, reply) => {
    const built = existsSync(path.join(opts.webRoot, zip));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(installPageHtml({ version, zipUrl: built ? zip : null }));
  });
}
