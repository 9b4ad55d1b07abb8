// `npm run dev`: the API with reload on change (tsx watch, port API_PORT, default 5001) and the
// Vite dev server (port PORT, default 5000), which proxies /api (with websockets) and /media to
// the API. Open http://localhost:5000. Stopping this script (Ctrl+C) stops both; if either exits,
// the other is stopped too.
import { ensureNodeModules } from './lib/ensure-deps.mjs';
import { SetupError, kill, localBin, log, repoRoot, start, warn } from './lib/proc.mjs';

try {
  ensureNodeModules();
} catch (err) {
  if (!(err instanceof SetupError)) throw err;
  warn(err.message);
  process.exit(1);
}

const webPort = process.env.PORT || '5000';
const apiPort = process.env.API_PORT || '5001';
log(`API on http://127.0.0.1:${apiPort} (tsx watch), web on http://localhost:${webPort} (Vite)`);

// The API runs in its own process group: `tsx watch` passes signals on to the server itself, and
// the server (close-with-grace) treats a second SIGINT as "exit now", so Ctrl+C in the terminal
// must reach it only through tsx. Its stdin is not the terminal (Vite's keyboard shortcuts are).
const api = start(process.execPath, [localBin('tsx'), 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: repoRoot,
  env: { ...process.env, NODE_ENV: 'development', PORT: apiPort, API_PORT: apiPort },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const web = start(process.execPath, [localBin('vite'), '--clearScreen', 'false'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: webPort, API_PORT: apiPort },
});
const procs = [
  { name: 'api', ...api, group: true },
  { name: 'web', ...web, group: false },
];

function killGroup(p, signal) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  try {
    process.kill(p.group ? -p.child.pid : p.child.pid, signal);
  } catch {
    /* already gone */
  }
}

let stopping = false;
let lastSignalAt = 0;
/** Stop both: the signal once, then SIGTERM after 5 s, then SIGKILL (whole API group) after 8 s. */
function stopAll(signal, { webAlreadySignalled = false } = {}) {
  if (stopping) return;
  stopping = true;
  kill(api.child, signal);
  if (!webAlreadySignalled) kill(web.child, signal);
  setTimeout(() => {
    for (const p of procs) kill(p.child, 'SIGTERM');
  }, 5000).unref();
  setTimeout(() => {
    for (const p of procs) killGroup(p, 'SIGKILL');
  }, 8000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    const repeat = stopping && now - lastSignalAt > 1000; // a deliberate second Ctrl+C: hurry up
    lastSignalAt = now;
    if (repeat) {
      for (const p of procs) kill(p.child, 'SIGTERM');
      return;
    }
    // Ctrl+C in a terminal already reached Vite (same process group), not the API.
    stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal, {
      webAlreadySignalled: signal === 'SIGINT' && Boolean(process.stdin.isTTY),
    });
  });
}
// Last resort if this script ends unexpectedly.
process.on('exit', () => {
  kill(api.child, 'SIGTERM');
  kill(web.child, 'SIGKILL');
});

// Exit with the status of the process that stopped on its own (0 when stopped by a signal).
let status = 0;
await Promise.all(
  procs.map(async (p) => {
    const r = await p.done;
    if (!stopping) {
      warn(`${p.name} exited (status ${r.status}); stopping the other one`);
      status = r.status || 1;
      stopAll('SIGTERM');
    }
  }),
);
process.exit(status);
