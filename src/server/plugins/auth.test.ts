import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import type { UserRow } from '#server/modules/users/users.api.ts';
import { sessionToken, signedInUser } from './auth.ts';

describe('signedInUser', () => {
  it('gives the user the guard set, and a 401 where there is none', () => {
    const user = { id: 7, username: 'ana', role: 'user' } as UserRow;
    expect(signedInUser({ user } as FastifyRequest)).toBe(user);
    const missing = () => signedInUser({ user: null } as FastifyRequest);
    expect(missing).toThrow(AppError);
    expect(missing).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED', status: 401 }));
  });
});

describe('sessionToken: the sid cookie read from the Cookie header', () => {
  const token = (cookie?: string) => sessionToken({ headers: { cookie } } as FastifyRequest);

  it('finds sid among other cookies, trimmed, the first one winning', () => {
    expect(token('sid=abc')).toBe('abc');
    expect(token('theme=dark; sid=abc-_9; lang=pt')).toBe('abc-_9');
    expect(token('  sid =  abc  ;x=1')).toBe('abc');
    expect(token('sid=first; sid=second')).toBe('first');
  });

  it('unquotes and decodes as the cookie parser does', () => {
    expect(token('sid="abc"')).toBe('abc');
    expect(token('sid=a%20b')).toBe('a b');
    expect(token('sid=a%zz')).toBe('a%zz');
  });

  it('gives undefined without a sid cookie', () => {
    expect(token(undefined)).toBeUndefined();
    expect(token('')).toBeUndefined();
    expect(token('sidx=abc; xsid=def; nosid')).toBeUndefined();
    expect(token('session=abc')).toBeUndefined();
  });
});
