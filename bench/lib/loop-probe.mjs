// Loaded into a server under test with NODE_OPTIONS=--import (bench/open-loop.ts): every second it
// appends one line of JSON to LOOP_PROBE_FILE with the event loop's delay (a 10 ms timer's
// lateness: p50, p99, max, ms) and the garbage collections of that second (count, total and
// longest pause, ms), so a slow request can be matched with a stall of the server's own thread.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_PROBE_FILE;
// The main thread only: a worker thread would load this too and write the same file.
if (file && isMainThread) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const line = {
      t: Date.now(),
      loopMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      gc: { count: gc.count, totalMs: Math.round(gc.totalMs * 10) / 10, maxMs: Math.round(gc.maxMs * 10) / 10 },
    };
    appendFileSync(file, JSON.stringify(line) + '\n');
    loop.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
  }, 1_000).unref();
}
