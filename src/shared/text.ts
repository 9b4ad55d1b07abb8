import { z } from 'zod';

/**
 * Rules every piece of text the API receives obeys, whatever the field: PostgreSQL cannot store the
 * NUL character (U+0000), so text carrying one is refused with a clear message; a lone UTF-16
 * surrogate (valid in JSON, not in UTF-8) becomes U+FFFD, the replacement character, before
 * anything reads it, so what is stored, answered and re-read is the same text.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000)';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Text from outside (an e-mail body, a page) made storable instead of refused: NUL characters
 * removed, lone surrogates replaced. For imports, where refusing is not an option.
 */
export function cleanImportedText(text: string): string {
  // eslint-disable-next-line no-control-regex -- the NUL character is what this removes
  return wellFormed(text.replace(/\u0000/g, ''));
}

/**
 * No call takes input nested more than a few levels; a body nested deeper than this is refused
 * before anything walks it, so a crafted one ([[[[...]]]] 100 000 levels) cannot exhaust the stack.
 */
export const MAX_NESTING = 32;
export const TOO_DEEP_MESSAGE = `The input is nested too deeply (more than ${MAX_NESTING} levels)`;

/** Whether arrays and objects in `value` nest more than `max` levels; iterative, so safe at any depth. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Path of the first string (value or object key) in `value` that holds a NUL character, or null. */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** `value` with every string (values and keys) made well-formed; the same object when nothing changes. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) {
    const items = value.map(wellFormedDeep);
    return (items.every((item, i) => item === value[i]) ? value : items) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const k = wellFormed(key);
      const v = wellFormedDeep(item);
      if (k !== key || v !== item) changed = true;
      out[k] = v;
    }
    return (changed ? out : value) as T;
  }
  return value;
}

/**
 * Wraps a request schema (body, query string or params) with the text rules above: input nested
 * deeper than MAX_NESTING fails first, NUL anywhere fails with NUL_MESSAGE on that field, lone
 * surrogates are replaced, then `schema` parses.
 */
export function withTextRules<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (nestedDeeperThan(value, MAX_NESTING)) {
        ctx.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE, input: value });
        return;
      }
      const path = findNul(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: NUL_MESSAGE, input: value });
    })
    .transform(wellFormedDeep)
    .pipe(schema);
}
