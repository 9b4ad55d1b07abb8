import { describe, expect, it } from 'vitest';
import { createRng, hashSeed } from './prng.ts';

const draws = (seed: number | string, n = 20) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('createRng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    expect(draws('demo')).toEqual(draws('demo'));
    expect(draws(42)).toEqual(draws(42));
    expect(draws('demo')).not.toEqual(draws('demo2'));
  });

  it('stays in [0, 1) and int() covers both bounds', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(3, 6);
      expect(Number.isInteger(n)).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('forks streams that do not depend on how much the parent has drawn', () => {
    const a = createRng('base');
    const b = createRng('base');
    for (let i = 0; i < 10; i++) b.next();
    const fa = a.fork('leads');
    const fb = b.fork('leads');
    expect([fa.next(), fa.next()]).toEqual([fb.next(), fb.next()]);
    expect(a.fork('x').next()).not.toEqual(a.fork('y').next());
  });

  it('shuffles into a permutation without touching the input', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const shuffled = createRng(1).shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(items[0]).toBe(0);
  });

  it('never picks a zero-weight entry and respects weights roughly', () => {
    const rng = createRng(3);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 4000; i++)
      counts[
        rng.weighted([
          ['a', 3],
          ['b', 1],
          ['never', 0],
        ] as const)
      ]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.4);
    expect(counts.a / counts.b).toBeLessThan(3.6);
  });

  it('makes lower-case hex of the asked length', () => {
    expect(createRng(9).hex(32)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('throws on an empty pick', () => {
    expect(() => createRng(1).pick([])).toThrow();
  });
});

describe('hashSeed', () => {
  it('is a stable unsigned 32-bit FNV-1a hash', () => {
    expect(hashSeed('')).toBe(0x811c9dc5);
    expect(hashSeed('a')).toBe(0xe40c292c);
  });
});
