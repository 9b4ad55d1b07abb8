import { useMutation } from '@tanstack/react-query';
import { scrapeResponseSchema, type ScrapeRequest, type ScrapeResponse } from '#shared/schemas/proposals.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/scrape-vehicle-data: the listing read by the server, or parsed from pasted page source. */
export async function scrapeListing(data: ScrapeRequest): Promise<ScrapeResponse> {
  return scrapeResponseSchema.parse(await apiRequest('POST', '/api/scrape-vehicle-data', data));
}

export const useScrapeListing = () => useMutation({ mutationFn: scrapeListing });
