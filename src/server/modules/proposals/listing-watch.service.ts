/**
 * The listing watch (ADR 068): re-reads the marketplace page of every sent proposal still open,
 * through the same safe fetcher and reader the proposal import uses, and marks the proposal and
 * its lead when the car is gone, sold, reserved, or its price or mileage changed. Blocked or
 * failing reads are tried again later and never count as removed. Polite: a batch per run, a few
 * pages per host per run with a pause between them, each proposal once a day.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LISTING_PAGE_DOMAINS, hostMatches } from '#shared/listings/hosts.ts';
import {
  judgeListing,
  listingChangeText,
  sameChange,
  type ListingBaseline,
  type ListingChange,
  type ListingRead,
} from '#shared/listings/watch.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { ListingPageFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { SafeFetchError } from '#server/lib/safe-fetch-error.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { addTimelineEntry } from '#server/modules/timeline/timeline.api.ts';
import { whoIsNotifiedAboutLead } from '#server/modules/leads/leads.api.ts';
import * as repo from './listing-watch.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const LISTING_WATCH = {
  /** Proposals looked at per run (the job runs every 15 minutes: the day's reads are spread out). */
  batch: 40,
  /** Pages read from one marketplace host per run. */
  perHost: 6,
  /** Pause between two reads of one host. */
  hostGapMs: 5_000,
  /** A read listing is read again a day later, shifted by up to an hour so reads do not bunch up. */
  every: DAY,
  /** A blocked read is tried again after 1 h, then 2 h, 4 h... at most a day later. */
  retryFirst: HOUR,
  /** An address that cannot be read automatically is looked at again a month later (it may be edited). */
  unwatchableAgain: 30 * DAY,
};

/** The refusals of the address itself (not of the marketplace's answer): watching cannot help. */
const REFUSED_CODES = new Set([
  'invalid_url',
  'scheme_not_allowed',
  'credentials_in_url',
  'port_not_allowed',
  'host_not_allowed',
  'private_address',
]);

export interface ListingWatchRun {
  read: number;
  changed: number;
  retried: number;
  unwatchable: number;
  /** Due, but their host had its share of this run. */
  deferred: number;
  off?: true;
}

export function createListingWatchService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  fetcher: ListingPageFetcher;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Company Settings' switch ('listingWatch.enabled'). */
  enabled: () => Promise<boolean>;
  /** TEST ONLY (LISTING_FETCH_TEST_ORIGIN): the loopback marketplace. */
  testOrigin?: string;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  limits?: Partial<typeof LISTING_WATCH>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}) {
  const { db, hub, clock, fetcher, notifications, log } = deps;
  const limits = { ...LISTING_WATCH, ...deps.limits };
  const sleep = deps.sleep ?? defaultSleep;

  const isAllowed = (url: URL) =>
    (url.protocol === 'https:' && hostMatches(url.hostname, LISTING_PAGE_DOMAINS)) ||
    (!!deps.testOrigin && url.origin === deps.testOrigin);

  async function read(address: string): Promise<ListingRead> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { kind: 'refused' };
    }
    if (!isAllowed(url)) return { kind: 'refused' };
    try {
      const page = await fetcher.fetchPage(url.toString());
      return { kind: 'page', html: page.body, url: page.finalUrl };
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      if (err.code === 'http_error')
        return { kind: 'http_error', status: err.status ?? 0, body: err.body ? err.body.toString('utf8') : null };
      return REFUSED_CODES.has(err.code) ? { kind: 'refused' } : { kind: 'unreachable' };
    }
  }

  const baselineOf = (p: repo.WatchedProposal): ListingBaseline =>
    p.listedCurrency && p.listedCurrency.toUpperCase() !== 'EUR'
      ? { price: p.listedPrice, currency: p.listedCurrency.toUpperCase(), mileageKm: p.vehicleMileage }
      : { price: p.vehiclePrice, currency: 'EUR', mileageKm: p.vehicleMileage };

  /** A day later, shifted by the proposal's own minutes within the hour (stable, so reads stay spread). */
  const nextDay = (p: { id: number }, now: Date) =>
    new Date(now.getTime() + limits.every + ((p.id * 37) % 60) * 60_000);

  /** Tells the lead's owner and writes the lead's timeline: the mark is news once, not every day. */
  async function report(p: repo.WatchedProposal, change: ListingChange) {
    const text = listingChangeText(change);
    const car = [p.vehicleBrand, p.vehicleModel].filter(Boolean).join(' ') || 'the car';
    const name = [p.leadFirstName, p.leadLastName].filter(Boolean).join(' ');
    await addTimelineEntry(db, {
      leadId: p.leadId!,
      type: 'chat',
      title: null,
      description: `${text}: the listing of ${car} quoted in proposal #${p.id}.`,
      metadata: { event: 'listing_changed' },
      createdBy: null,
      createdAt: clock.now(),
    });
    try {
      // The lead's owner when it has one, else every staff member (ADR 065).
      await notifications.notify(
        {
          type: 'other',
          title: 'Quoted listing changed',
          message: `${text}: ${car} for ${name} (#${p.leadReference})`,
          relatedId: p.leadId,
          relatedType: 'lead',
          createdBy: null,
        },
        await whoIsNotifiedAboutLead(db, p.leadId!),
      );
    } catch (err) {
      log?.error({ err, proposalId: p.id }, 'could not notify staff of a listing change');
    }
    hub.publish({ type: 'lead_updated', data: { leadId: p.leadId! }, audience: { kind: 'staff' } });
  }

  async function watchOne(p: repo.WatchedProposal, run: ListingWatchRun): Promise<void> {
    const verdict = judgeListing(await read(p.sourceListing!), baselineOf(p));
    const now = clock.now();
    if (verdict.outcome === 'retry') {
      const blocked = p.listingBlockedCount + 1;
      const wait = Math.min(limits.retryFirst * 2 ** (blocked - 1), limits.every);
      await repo.recordWatch(db, p.id, { nextAt: new Date(now.getTime() + wait), blockedCount: blocked });
      run.retried++;
      return;
    }
    if (verdict.outcome === 'unwatchable') {
      await repo.recordWatch(db, p.id, { nextAt: new Date(now.getTime() + limits.unwatchableAgain), blockedCount: 0 });
      run.unwatchable++;
      return;
    }
    const seen = verdict.change;
    const news = !sameChange(seen, p.listingChange ?? null);
    const change: ListingChange | null = !seen ? null : news ? { ...seen, at: now.toISOString() } : p.listingChange!;
    await repo.recordWatch(db, p.id, { nextAt: nextDay(p, now), blockedCount: 0, checkedAt: now, change });
    run.read++;
    if (news && change) {
      run.changed++;
      await report(p, change);
    } else if (news) {
      hub.publish({ type: 'lead_updated', data: { leadId: p.leadId! }, audience: { kind: 'staff' } });
    }
  }

  return {
    /**
     * 'Check listing now' on one proposal (staff asked): read at once, marked and told like the
     * daily run; a blocked page says so and is tried again later. Undefined: no such proposal of a lead.
     */
    async checkNow(id: number): Promise<{ outcome: 'read' | 'retry' | 'unwatchable' } | undefined> {
      const p = await repo.findWatched(db, id);
      if (!p) return undefined;
      if (!p.sourceListing) return { outcome: 'unwatchable' };
      const run: ListingWatchRun = { read: 0, changed: 0, retried: 0, unwatchable: 0, deferred: 0 };
      await watchOne(p, run);
      return { outcome: run.read ? 'read' : run.retried ? 'retry' : 'unwatchable' };
    },

    /** One run of the daily watch: the due proposals, a few per host, each host paced. */
    async runBatch(signal?: AbortSignal): Promise<ListingWatchRun> {
      const run: ListingWatchRun = { read: 0, changed: 0, retried: 0, unwatchable: 0, deferred: 0 };
      if (!(await deps.enabled())) return { ...run, off: true };
      const due = await repo.dueForWatch(db, clock.now(), limits.batch);
      const byHost = new Map<string, repo.WatchedProposal[]>();
      for (const p of due) {
        const host = hostOf(p.sourceListing!);
        const queue = byHost.get(host) ?? [];
        if (queue.length >= limits.perHost) run.deferred++;
        else byHost.set(host, [...queue, p]);
      }
      // Hosts take turns, so one slow marketplace does not hold the others' reads back much.
      const lastRead = new Map<string, number>();
      const queues = [...byHost.entries()];
      for (let round = 0; queues.some(([, q]) => q.length > round); round++) {
        for (const [host, queue] of queues) {
          const p = queue[round];
          if (!p || signal?.aborted) continue;
          const since = Date.now() - (lastRead.get(host) ?? 0);
          if (since < limits.hostGapMs) await sleep(limits.hostGapMs - since, signal);
          if (signal?.aborted) continue;
          lastRead.set(host, Date.now());
          try {
            await watchOne(p, run);
          } catch (err) {
            // One proposal's failure must not stop the others; it is due again next run.
            log?.error({ err, proposalId: p.id }, 'listing watch could not check a proposal');
          }
        }
      }
      return run;
    },
  };
}

export type ListingWatchService = ReturnType<typeof createListingWatchService>;

function hostOf(address: string): string {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return '';
  }
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
