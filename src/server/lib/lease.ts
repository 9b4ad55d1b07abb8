/**
 * One way to hold shared work across app instances (ADR 070): a lease is claimed until a moment,
 * renewed while the work goes on, and released (or ended by the write that records the work's
 * outcome). The jobs runner (job_runs), the mailbox sync (mailboxes.sync_lease_until) and the
 * outbox (email_outbox.lease_until) each keep their lease in their own row; this is the rule they
 * share, and the one retry backoff.
 */
import type { Clock } from './clock.ts';

/** Where one lease lives: the row's own statements. `claim` answers what it took (falsy: nothing). */
export interface LeaseStore<Claim = boolean> {
  /** Takes the lease until `until` when free or expired at `now`; only one caller gets it. */
  claim(now: Date, until: Date): Promise<Claim>;
  /** Moves the end of a lease this holder still has; false once it was taken over or ended. */
  renew?(until: Date): Promise<boolean>;
  /** Gives the lease up at once. */
  release?(): Promise<void>;
}

export interface Lease<Claim = boolean> {
  claim(): Promise<Claim>;
  /** Extends the lease to `ms` from now; false once lost. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
  /**
   * Renews every third of the lease until the returned function is called, so a live holder
   * never loses it and a dead one loses it within `ms`.
   */
  keepAlive(on: { lost: () => void; failed: (err: unknown) => void }): () => void;
}

export function createLease<Claim = boolean>(
  store: LeaseStore<Claim>,
  opts: { clock: Clock; ms: number },
): Lease<Claim> {
  const until = () => new Date(opts.clock.now().getTime() + opts.ms);
  const renew = async () => (store.renew ? store.renew(until()) : true);
  return {
    claim: () => store.claim(opts.clock.now(), until()),
    renew,
    release: async () => store.release?.(),
    keepAlive(on) {
      let running = true;
      const timer = setInterval(() => {
        renew().then(
          (ok) => ok || !running || on.lost(),
          (err: unknown) => on.failed(err),
        );
      }, opts.ms / 3);
      timer.unref();
      return () => {
        running = false;
        clearInterval(timer);
      };
    },
  };
}

/** Runs `work` only while holding the lease, and releases it after; `held: false` when another holder has it. */
export async function withLease<T>(
  lease: Lease,
  work: (lease: Lease) => Promise<T>,
): Promise<{ held: true; value: T } | { held: false }> {
  if (!(await lease.claim())) return { held: false };
  try {
    return { held: true, value: await work(lease) };
  } finally {
    await lease.release();
  }
}

/** How long to wait after failed attempt `attempt` (1-based): `base`, twice that, four times... at most `max`. */
export interface Backoff {
  base: number;
  max?: number;
}

export function backoffDelay(backoff: Backoff, attempt: number): number {
  return Math.min(backoff.base * 2 ** Math.max(attempt - 1, 0), backoff.max ?? Infinity);
}
