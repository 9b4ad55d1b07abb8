// Compiles the server to plain JavaScript: src/server/main.ts -> dist/server/main.js.
// `npm start`, the benchmarks and the browser tests run this
// bundle (ADR 011); `npm run serve`, `npm run dev` and Vitest keep running the sources with tsx.
//
//   node scripts/build-server.mjs              build into dist/server
//   node scripts/build-server.mjs --if-stale   only if dist/server/main.js is missing or older
//                                              than one of its inputs (SERVER_BUILD_INPUTS)
//
// npm packages stay external (loaded from node_modules at run time, like under tsx). Code that is
// only imported with import() (server rendering of the public pages) goes to its own chunks, so it
// is loaded on first use and not at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUILD_DIR, SERVER_ENTRY_POINTS, serverBuildStaleReason } from './lib/ensure-deps.mjs';
import { repoRoot } from './lib/proc.mjs';

/**
 * Builds the server bundle into `outDir` (default dist/server), replacing what was there. The
 * files are written to a sibling temporary directory first, so a failed build leaves the previous
 * bundle in place. Returns the output directory.
 */
export async function buildServer({ root = repoRoot, outDir = path.join(root, SERVER_BUILD_DIR) } = {}) {
  // Imported here, not at the top: the constants above are read by scripts that run before `npm ci`.
  const esbuild = await import('esbuild');
  const tmpDir = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(
        Object.entries(SERVER_ENTRY_POINTS).map(([name, src]) => [name, path.join(root, src)]),
      ),
      outdir: tmpDir,
      bundle: true,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      // Same JSX transform as Vite and tsx (tsconfig.json: "jsx": "react-jsx").
      jsx: 'automatic',
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
      legalComments: 'none',
    });
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(tmpDir, outDir);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  return outDir;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const reason = process.argv.includes('--if-stale') ? serverBuildStaleReason(repoRoot) : 'asked to';
  if (reason) {
    const started = Date.now();
    const outDir = await buildServer();
    console.log(
      `> server built: ${path.relative(process.cwd(), outDir) || outDir} (${reason}, ${Date.now() - started} ms)`,
    );
  }
}
