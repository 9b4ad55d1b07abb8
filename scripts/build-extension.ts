// Builds the browser extension (extension/, ADR 032) with esbuild: the content script and the
// options page as IIFE, the service worker as an ES module, the manifest with package.json's
// version. Writes the unpacked extension to dist/extension (load it with "Load unpacked") and
// answers its zip, which the web build puts at /downloads/autoimport-extensao-<version>.zip
// (vite.config.ts). `npx tsx scripts/build-extension.ts` builds it on its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { zipFiles } from './lib/zip.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const EXTENSION_BUILD_DIR = 'dist/extension';
export const extensionZipName = (version: string) => `autoimport-extensao-${version}.zip`;

export interface BuiltExtension {
  dir: string;
  version: string;
  zipName: string;
  zip: Buffer;
}

export async function buildExtension({
  root = repoRoot,
  outDir = path.join(root, EXTENSION_BUILD_DIR),
  siteUrl = process.env.PUBLIC_URL || 'http://localhost:5000',
} = {}): Promise<BuiltExtension> {
  const src = path.join(root, 'extension');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  fs.rmSync(outDir, { recursive: true, force: true });
  const common: esbuild.BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: { __SITE_URL__: JSON.stringify(siteUrl.replace(/\/+$/, '')) },
  };
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { content: path.join(src, 'src/content.ts'), options: path.join(src, 'src/options.ts') },
      outdir: outDir,
      format: 'iife',
    }),
    esbuild.build({
      ...common,
      entryPoints: { background: path.join(src, 'src/background.ts') },
      outdir: outDir,
      format: 'esm',
    }),
  ]);
  const manifest = JSON.parse(fs.readFileSync(path.join(src, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  manifest.version = version;
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.copyFileSync(path.join(src, 'options.html'), path.join(outDir, 'options.html'));
  fs.copyFileSync(path.join(src, 'options.css'), path.join(outDir, 'options.css'));
  fs.mkdirSync(path.join(outDir, 'icons'));
  fs.copyFileSync(path.join(root, 'src/web/public/icon-192.png'), path.join(outDir, 'icons/icon-192.png'));

  const files = listFiles(outDir).map((name) => ({ name, data: fs.readFileSync(path.join(outDir, name)) }));
  return { dir: outDir, version, zipName: extensionZipName(version), zip: zipFiles(files) };
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, name) : [name];
    });
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const started = Date.now();
  const built = await buildExtension();
  fs.mkdirSync(path.join(repoRoot, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'dist', built.zipName), built.zip);
  console.log(
    `> extension built: ${path.relative(repoRoot, built.dir)} and dist/${built.zipName} (${built.zip.length} bytes, ${Date.now() - started} ms)`,
  );
}
