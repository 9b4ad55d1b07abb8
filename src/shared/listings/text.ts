/** No-break, narrow no-break and thin spaces as plain spaces (they separate thousands on many sites). */
export const normalizeSpaces = (s: string): string => s.replace(/[\u00a0\u202f\u2007\u2008\u2009\u200a]/g, ' ');

/** Lower case without diacritics, for matching labels in any language. */
export const foldText = (s: string): string =>
  normalizeSpaces(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A trimmed one-line string, or null when empty or not a string/number. */
export function cleanText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const s = normalizeSpaces(value).replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `obj.a.b.c` without throwing; arrays are walked by numeric keys. */
export function pathGet(root: unknown, ...keys: (string | number)[]): unknown {
  let cur: unknown = root;
  for (const key of keys) {
    if (Array.isArray(cur) && typeof key === 'number') cur = cur[key];
    else if (isRecord(cur) && typeof key === 'string') cur = cur[key];
    else return undefined;
  }
  return cur;
}

/**
 * The first object (depth-first, at most `maxDepth` levels, at most `maxNodes` visited) that
 * `match` accepts: a fallback when a site moves its data inside the page state.
 */
export function findObject(
  root: unknown,
  match: (o: Record<string, unknown>) => boolean,
  maxDepth = 12,
  maxNodes = 50_000,
): Record<string, unknown> | null {
  let visited = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (++visited > maxNodes) return null;
    if (Array.isArray(node)) {
      if (depth < maxDepth) for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], depth + 1]);
    } else if (isRecord(node)) {
      if (match(node)) return node;
      if (depth < maxDepth) {
        const values = Object.values(node);
        for (let i = values.length - 1; i >= 0; i--)
          if (typeof values[i] === 'object') stack.push([values[i], depth + 1]);
      }
    }
  }
  return null;
}

/** Country names as marketplaces write them (several languages) to ISO 3166-1 alpha-2. */
const COUNTRY_NAMES: Record<string, string> = {
  portugal: 'PT',
  deutschland: 'DE',
  germany: 'DE',
  alemanha: 'DE',
  allemagne: 'DE',
  germania: 'DE',
  duitsland: 'DE',
  niemcy: 'DE',
  polska: 'PL',
  poland: 'PL',
  polonia: 'PL',
  espana: 'ES',
  spain: 'ES',
  espanha: 'ES',
  espagne: 'ES',
  spagna: 'ES',
  spanje: 'ES',
  france: 'FR',
  franca: 'FR',
  frankreich: 'FR',
  francia: 'FR',
  frankrijk: 'FR',
  italia: 'IT',
  italy: 'IT',
  italien: 'IT',
  italie: 'IT',
  nederland: 'NL',
  netherlands: 'NL',
  niederlande: 'NL',
  'pays-bas': 'NL',
  'paises baixos': 'NL',
  holanda: 'NL',
  belgie: 'BE',
  belgique: 'BE',
  belgium: 'BE',
  belgien: 'BE',
  belgica: 'BE',
  osterreich: 'AT',
  austria: 'AT',
  autriche: 'AT',
  luxembourg: 'LU',
  luxemburg: 'LU',
  luxemburgo: 'LU',
  romania: 'RO',
  schweiz: 'CH',
  suisse: 'CH',
  switzerland: 'CH',
  suica: 'CH',
  sverige: 'SE',
  sweden: 'SE',
  danmark: 'DK',
  denmark: 'DK',
  czechia: 'CZ',
  cesko: 'CZ',
  'czech republic': 'CZ',
};

/** An ISO alpha-2 code (any case) or a country name; null when unknown. */
export function countryCode(value: unknown): string | null {
  const s = cleanText(value);
  if (!s) return null;
  if (/^[a-z]{2}$/i.test(s)) return s.toUpperCase();
  return COUNTRY_NAMES[foldText(s)] ?? null;
}
