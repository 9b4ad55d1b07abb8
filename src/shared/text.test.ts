import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_NESTING,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
  cleanImportedText,
  findNul,
  nestedDeeperThan,
  wellFormed,
  wellFormedDeep,
  withTextRules,
} from './text.ts';

/** {"a":{"a":...}} or [[...]] nested `depth` levels. */
const nested = (depth: number, kind: 'object' | 'array') => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
};

describe('text rules', () => {
  it('finds a NUL character in any string, key or nested value', () => {
    expect(findNul('a\u0000')).toEqual([]);
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNul({ 'k\u0000': 1 })).toEqual([]);
    expect(findNul({ a: 'clean', n: 1, z: null })).toBeNull();
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(wellFormed('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
    expect(wellFormed('🚗 ok')).toBe('🚗 ok');
    expect(wellFormed('\uDBFF')).toBe('\uFFFD');
    const same = { a: ['x'] };
    expect(wellFormedDeep(same)).toBe(same);
    expect(wellFormedDeep({ a: ['\uD800'] })).toEqual({ a: ['\uFFFD'] });
  });

  it('cleans imported text (mail bodies) instead of refusing it', () => {
    expect(cleanImportedText('Ol\u0000á\u0000 \uD800!')).toBe('Olá \uFFFD!');
  });

  it('wraps a schema: NUL fails on its field with a clear message, the rest parses as before', () => {
    const schema = withTextRules(z.object({ name: z.string().trim(), tags: z.array(z.string()) }));
    const failed = schema.safeParse({ name: 'ok', tags: ['a', 'b\u0000'] });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues).toMatchObject([{ path: ['tags', 1], message: NUL_MESSAGE }]);
    expect(schema.parse({ name: ' \uDC00x ', tags: [] })).toEqual({ name: '\uFFFDx', tags: [] });
  });

  // Found by the fuzz suite (bench/reliability): 100 000 nested arrays overflowed the recursive walk (500).
  it('refuses input nested deeper than MAX_NESTING before walking it, at any depth', () => {
    expect(nestedDeeperThan(nested(MAX_NESTING, 'object'), MAX_NESTING)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_NESTING + 1, 'array'), MAX_NESTING)).toBe(true);
    const schema = withTextRules(z.object({ a: z.unknown() }));
    for (const kind of ['object', 'array'] as const) {
      const failed = schema.safeParse(nested(100_000, kind));
      expect(failed.success).toBe(false);
      expect(failed.error?.issues).toMatchObject([{ path: [], message: TOO_DEEP_MESSAGE }]);
    }
    expect(schema.parse(nested(MAX_NESTING, 'object'))).toEqual(nested(MAX_NESTING, 'object'));
  });
});
