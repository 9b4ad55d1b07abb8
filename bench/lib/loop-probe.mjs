// Loaded into a server under test with NODE_OPTIONS=--import (bench/open-loop.ts): every second it
// appends one line of JSON to LOOP_PROBE_FILE with the event loop's delay (a 10 ms timer's
// lateness: p50, p99, max, ms) and the garbage collections of that second (count, total and
// longest pause, ms), so a slow request can be matched with a stall of the server's own thread.
import { appendFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_PROBE_FILE;
// The main thread only: a worker thread would load this too and write the same file.
if (file && isMainThread) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0, majors: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      // A full collection's final pause (its marking ran before it, beside the thread): when it ended.
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        gc.majors.push(Math.round(performance.timeOrigin + e.startTime + e.duration));
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  // The thread's busy stretches: every 50 ms the event loop's utilisation over those 50 ms; runs of
  // windows over 90% busy are reported with their start (Date.now()) and length.
  let elu = performance.eventLoopUtilization();
  let busy = [];
  let run = null;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, elu).utilization;
    elu = now;
    const t = Date.now();
    if (share > 0.9) run = run ? { ...run, to: t } : { from: t - 50, to: t };
    else if (run) {
      if (run.to - run.from >= 100) busy.push([run.from, run.to - run.from]);
      run = null;
    }
  }, 50).unref();
  // The monotonic clock beside the wall clock once, to place a V8 CPU profile's samples (µs on
  // the monotonic clock) on the same time line as the requests.
  appendFileSync(
    file,
    JSON.stringify({ t: Date.now(), clock: { wallMs: Date.now(), monoUs: Number(process.hrtime.bigint() / 1000n) } }) +
      '\n',
  );
  setInterval(() => {
    const line = {
      t: Date.now(),
      loopMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      busy,
      gc: {
        count: gc.count,
        totalMs: Math.round(gc.totalMs * 10) / 10,
        maxMs: Math.round(gc.maxMs * 10) / 10,
        majors: gc.majors,
      },
    };
    appendFileSync(file, JSON.stringify(line) + '\n');
    loop.reset();
    busy = [];
    gc = { count: 0, totalMs: 0, maxMs: 0, majors: [] };
  }, 1_000).unref();
}
