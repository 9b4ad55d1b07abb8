import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Emits /sw.js from src/web/service-worker.js with this build's id and hashed assets. */
function serviceWorker(): Plugin {
  return {
    name: 'app-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle).filter((f) => f.startsWith('assets/') && !f.endsWith('.map')).map((f) => `/${f}`);
      const buildId = Date.now().toString(36);
      const source = readFileSync(new URL('./src/web/service-worker.js', import.meta.url), 'utf8')
        .replace('__BUILD_ID__', buildId)
        .replace('__PRECACHE__', JSON.stringify(assets));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5001}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/media': apiTarget,
      '/robots.txt': apiTarget,
    },
  },
});
