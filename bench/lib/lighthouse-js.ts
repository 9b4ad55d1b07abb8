// The JavaScript a page loads, from a Lighthouse report: bytes as sent, and gzip (level 9) of each file.
import { gzipSync } from 'node:zlib';

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

export interface JsWeight {
  files: { url: string; transferBytes: number; rawBytes: number; gzipBytes: number }[];
  transferBytes: number;
  rawBytes: number;
  gzipBytes: number;
}

export async function javascriptWeight(lhr: {
  audits: Record<string, { details?: { items?: unknown[] } }>;
}): Promise<JsWeight> {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const files: JsWeight['files'] = [];
  for (const s of scripts) {
    const body = Buffer.from(await (await fetch(s.url)).arrayBuffer());
    files.push({
      url: s.url,
      transferBytes: s.transferSize ?? 0,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    });
  }
  const sum = (k: 'transferBytes' | 'rawBytes' | 'gzipBytes') => files.reduce((n, f) => n + f[k], 0);
  return { files, transferBytes: sum('transferBytes'), rawBytes: sum('rawBytes'), gzipBytes: sum('gzipBytes') };
}
