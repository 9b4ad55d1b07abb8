// `npm start`: install dependencies if needed, build the web app and the server if needed, run the
// server. The server listens on PORT (default 5000), keeps its data in ./data, applies migrations
// and creates the first admin on its own.
import { SERVER_NODE_ARGS, ensureNodeModules, ensureServerBuild, ensureWebBuild } from './lib/ensure-deps.mjs';
import { SetupError, repoRoot, runSupervised, warn } from './lib/proc.mjs';

try {
  ensureNodeModules();
  ensureWebBuild();
  ensureServerBuild();
} catch (err) {
  if (!(err instanceof SetupError)) throw err;
  warn(err.message);
  process.exit(1);
}

// The compiled server (dist/server/main.js, ADR 011) with the current node. cwd is the repository
// root so ./data resolves there whatever directory this was started from. SIGINT, SIGTERM and
// SIGHUP are passed on to it, it is stopped if this process's parent (npm) dies, and this process
// exits with its status. package.json runs this with `exec`, so that npm's signals reach this
// process and not only the shell npm starts (which would die and leave the server running).
process.exit(await runSupervised(process.execPath, SERVER_NODE_ARGS, { cwd: repoRoot }));
