import { randomBytes } from 'node:crypto';

const COUNTER_LIMIT = 16 ** 12;

/**
 * A generator of request ids shaped like a UUID (36 characters of hex and dashes, what proxies
 * and log tools expect): 24 random characters chosen once per generator, then a 12-digit hex
 * counter. Ids are unique within the process and, through the random part, across processes,
 * for a fraction of the cost of crypto.randomUUID() per request. When the counter runs out
 * (after 16^12 ids) a new random part is drawn.
 */
export function createRequestIdGenerator({
  random = randomBytes,
  limit = COUNTER_LIMIT,
}: { random?: (size: number) => Buffer; limit?: number } = {}): () => string {
  let prefix = '';
  let counter = limit;
  return () => {
    if (counter >= limit) {
      const hex = random(12).toString('hex');
      // Version 4 and variant 10xx nibbles, as in a random UUID.
      prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-`;
      counter = 0;
    }
    const n = (counter++).toString(16);
    return prefix + '000000000000'.slice(n.length) + n;
  };
}
