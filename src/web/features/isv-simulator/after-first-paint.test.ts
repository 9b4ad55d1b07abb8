import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './after-first-paint.ts';

/** A PerformanceObserver that reports the entries a test hands it. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  static supportedEntryTypes = ['paint'];
  disconnected = false;
  constructor(readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
  }
}

describe('afterFirstContentfulPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeObserver.instances = [];
  });

  it('runs once the first contentful paint is reported, and only once', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    const observer = FakeObserver.instances[0]!;
    observer.report('first-paint');
    expect(run).not.toHaveBeenCalled();
    observer.report('first-contentful-paint');
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it('runs after the longest wait when no paint is reported, never after a cancel', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const run = vi.fn();
    afterFirstContentfulPaint(run, 300);
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterFirstContentfulPaint(cancelled, 300);
    cancel();
    FakeObserver.instances[1]!.report('first-contentful-paint');
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs at once where paint timing is not available', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
