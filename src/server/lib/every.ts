/** Calls `fn` every `ms` milliseconds until the returned function is called; tests pass their own. */
export type Every = (ms: number, fn: () => void) => () => void;

/** setInterval that does not keep the process alive. */
export const everyInterval: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};
