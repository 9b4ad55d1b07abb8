// What a load run is judged by afterwards: acknowledged writes the database lost (load.ts runs the
// load). It has no latency target: the 200-client closed-loop p99 was withdrawn (ADR 047).
import type { Spawned } from '../lib/server.ts';
import { createClient, json } from './http-client.ts';
import type { Acknowledged } from './load-calls.ts';

/** The acknowledged writes the database does not have: quote requests in the export CSV, entries in their lead's timeline. */
export async function findMissingWrites(
  server: Spawned,
  cookie: string,
  acks: Acknowledged,
): Promise<{ quotes: string[]; timeline: number[] }> {
  const client = createClient(server.baseUrl);
  try {
    const csv = await client.send({
      method: 'GET',
      path: '/api/leads/export.csv',
      headers: { cookie },
      timeoutMs: 120_000,
    });
    if (csv.status !== 200) throw new Error(`the leads export answered ${csv.status}: ${csv.body.slice(0, 300)}`);
    const stored = new Set<number>();
    for (const leadId of new Set(acks.timeline.map((t) => t.leadId))) {
      const res = await json(client, 'GET', `/api/leads/${leadId}/timeline`, undefined, { cookie });
      if (res.status !== 200) throw new Error(`reading the timeline of lead ${leadId} answered ${res.status}`);
      for (const entry of res.json() as { id: number }[]) stored.add(entry.id);
    }
    return {
      quotes: acks.quotes.filter((q) => !csv.body.includes(q.email)).map((q) => q.email),
      timeline: acks.timeline.filter((t) => !stored.has(t.id)).map((t) => t.id),
    };
  } finally {
    client.close();
  }
}
