// Debian's Chromium (never a downloaded browser) with a DevTools port for Lighthouse.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--mute-audio',
];

export interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** Starts Chromium with --remote-debugging-port=0 and reads the port it chose from its stderr. */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${err}`)), 30_000);
    child.once('error', reject);
    child.stderr.on('data', (d: Buffer) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
