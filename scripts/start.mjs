// `npm start`: install dependencies if needed, build the web app if needed, run the server.
// The server listens on PORT (default 5000), keeps its data in ./data, applies migrations and
// creates the first admin on its own.
import { ensureNodeModules, ensureWebBuild } from './lib/ensure-deps.mjs';
import { SetupError, forwardSignals, repoRoot, start, warn } from './lib/proc.mjs';

try {
  ensureNodeModules();
  ensureWebBuild();
} catch (err) {
  if (!(err instanceof SetupError)) throw err;
  warn(err.message);
  process.exit(1);
}

// Same as `tsx src/server/main.ts`, with the current node. cwd is the repository root so
// ./data and `--import tsx` resolve there whatever directory this was started from.
const server = start(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: repoRoot });
forwardSignals(() => [server.child]);
const { status } = await server.done;
process.exit(status);
