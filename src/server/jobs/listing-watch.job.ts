import type { ListingWatchService } from '#server/modules/proposals/listing-watch.service.ts';
import { MINUTE, everyMinutes, type Job } from './job.ts';

/**
 * The daily listing watch (ADR 068), worked off in small runs every 15 minutes: each run reads the
 * proposals that are due (each one once a day, blocked ones later), a few per marketplace host, so
 * the reads are spread over the day. The runner's lease keeps it to one instance at a time.
 */
export function listingWatchJob(watch: ListingWatchService): Job {
  return {
    name: 'listing-watch',
    schedule: everyMinutes(15, { firstAfter: 5 * MINUTE }),
    // A failed run (the database) is simply the next run's work.
    retry: { attempts: 1, backoff: MINUTE },
    lease: 10 * MINUTE,
    run: async (ctx) => ({ ...(await watch.runBatch(ctx.signal)) }),
  };
}
