// `npm start`: install dependencies if needed, build the web app and the server if needed, run the
// server. The server listens on PORT (default 5000), keeps its data in ./data, applies migrations
// and creates the first admin on its own.
import { SERVER_NODE_ARGS, ensureNodeModules, ensureServerBuild, ensureWebBuild } from './lib/ensure-deps.mjs';
import { SetupError, forwardSignals, repoRoot, start, warn } from './lib/proc.mjs';

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
// root so ./data resolves there whatever directory this was started from.
const server = start(process.execPath, SERVER_NODE_ARGS, { cwd: repoRoot });
forwardSignals(() => [server.child]);
const { status } = await server.done;
process.exit(status);
