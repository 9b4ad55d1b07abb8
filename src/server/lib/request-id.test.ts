import { describe, expect, it } from 'vitest';
import { createRequestIdGenerator } from './request-id.ts';

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createRequestIdGenerator', () => {
  it('makes UUID-shaped ids that differ on every call', () => {
    const next = createRequestIdGenerator();
    const ids = Array.from({ length: 1000 }, next);
    for (const id of ids) expect(id).toMatch(UUID_SHAPE);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts in the last group and keeps the random part', () => {
    const next = createRequestIdGenerator({ random: () => Buffer.alloc(12, 0xab) });
    expect(next()).toBe('abababab-abab-4bab-abab-000000000000');
    expect(next()).toBe('abababab-abab-4bab-abab-000000000001');
    for (let i = 0; i < 14; i++) next();
    expect(next()).toBe('abababab-abab-4bab-abab-000000000010');
  });

  it('gives two generators (two processes) different ids', () => {
    const a = createRequestIdGenerator();
    const b = createRequestIdGenerator();
    expect(a()).not.toBe(b());
  });

  it('draws a new random part when the counter runs out', () => {
    let draws = 0;
    const next = createRequestIdGenerator({ random: (size) => Buffer.alloc(size, ++draws), limit: 2 });
    expect(next()).toBe('01010101-0101-4101-8101-000000000000');
    expect(next()).toBe('01010101-0101-4101-8101-000000000001');
    expect(next()).toBe('02020202-0202-4202-8202-000000000000');
    expect(draws).toBe(2);
  });
});
