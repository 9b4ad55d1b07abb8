import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import type { UserRow } from '#server/modules/users/users.api.ts';
import { signedInUser } from './auth.ts';

describe('signedInUser', () => {
  it('gives the user the guard set, and a 401 where there is none', () => {
    const user = { id: 7, username: 'ana', role: 'user' } as UserRow;
    expect(signedInUser({ user } as FastifyRequest)).toBe(user);
    const missing = () => signedInUser({ user: null } as FastifyRequest);
    expect(missing).toThrow(AppError);
    expect(missing).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED', status: 401 }));
  });
});
