import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { buildExtension } from './scripts/build-extension.ts';

/** Emits /sw.js from src/web/service-worker.js with this build's id and hashed assets. */
function serviceWorker(): Plugin {
  return {
    name: 'app-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/') && !f.endsWith('.map'))
        .map((f) => `/${f}`);
      const buildId = Date.now().toString(36);
      const source = readFileSync(new URL('./src/web/service-worker.js', import.meta.url), 'utf8')
        .replace('__BUILD_ID__', buildId)
        .replace('__PRECACHE__', JSON.stringify(assets));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * Writes .br and .gz beside every text file of the build; the server sends them to browsers that
 * accept them (@fastify/static preCompressed). Phones on mobile data get a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'app-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Builds the browser extension with the web app (ADR 032): the unpacked extension in
 * dist/extension, and its versioned zip at /downloads/ for the public header's button.
 */
function browserExtension(): Plugin {
  return {
    name: 'app-browser-extension',
    apply: 'build',
    async generateBundle() {
      const built = await buildExtension();
      this.emitFile({ type: 'asset', fileName: `downloads/${built.zipName}`, source: built.zip });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5001}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker(), browserExtension(), precompress()],
  // 'hidden': maps are written for local debugging but not linked from the bundles; the server never
  // serves them (serve-spa.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: 'hidden' },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/media': apiTarget,
      '/robots.txt': apiTarget,
      '/sitemap.xml': apiTarget,
    },
  },
});
