import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5001}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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
