import { describe, expect, it } from 'vitest';
import { referencesChain } from './send-email.repository.ts';

describe('References of a reply (RFC 5322 3.6.4)', () => {
  it('carries the chain up to the message replied to, oldest first', () => {
    expect(referencesChain(['<a@x>', '<b@y>', '<c@x>', '<d@y>'], '<c@x>')).toBe('<a@x> <b@y> <c@x>');
    expect(referencesChain(['<a@x>'], '<a@x>')).toBe('<a@x>');
  });

  it('is the replied id alone when the chain does not hold it, and null with nothing to reply to', () => {
    expect(referencesChain(['<a@x>'], '<z@x>')).toBe('<z@x>');
    expect(referencesChain(['<a@x>'], null)).toBeNull();
  });

  it('keeps the first id and the latest 19 of a long thread', () => {
    const chain = Array.from({ length: 30 }, (_, i) => `<m${i}@x>`);
    const refs = referencesChain(chain, '<m29@x>')!.split(' ');
    expect(refs).toHaveLength(20);
    expect(refs[0]).toBe('<m0@x>');
    expect(refs.slice(1)).toEqual(chain.slice(11));
  });
});
