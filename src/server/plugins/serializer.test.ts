import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { userSchema } from '#shared/schemas/users.ts';
import { responseJsonSchema, serializerCompiler } from './serializer.ts';

const compile = (schema: ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

describe('serializerCompiler', () => {
  it('writes dates as ISO strings, the same text as JSON.stringify', () => {
    const serialize = compile(z.object({ at: z.date(), coerced: z.coerce.date(), maybe: z.date().nullable() }));
    const at = new Date('2026-11-21T10:11:12.345Z');
    const value = { at, coerced: new Date(0), maybe: null };
    expect(serialize(value)).toBe(JSON.stringify(value));
    expect(JSON.parse(serialize({ at, coerced: at, maybe: at }))).toEqual({
      at: at.toISOString(),
      coerced: at.toISOString(),
      maybe: at.toISOString(),
    });
  });

  it('passes a date that is already a string through', () => {
    const serialize = compile(z.object({ at: z.date() }));
    expect(serialize({ at: '2026-01-01T00:00:00.000Z' })).toBe('{"at":"2026-01-01T00:00:00.000Z"}');
  });

  it('answers GET /api/auth/user with exactly the declared fields', () => {
    const serialize = compile(userSchema);
    const user = {
      id: 1,
      username: 'bench',
      email: null,
      firstName: 'Ana',
      lastName: null,
      profileImageUrl: null,
      role: 'admin',
      version: 1,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      updatedAt: new Date('2026-02-01T00:00:00.000Z'),
      passwordHash: '$argon2id$secret',
    };
    const { passwordHash: _hidden, ...declared } = user;
    expect(serialize(user)).toBe(JSON.stringify(declared));
    expect(serialize(user)).not.toContain('argon2');
  });

  it('describes dates as strings in the JSON Schema', () => {
    expect(responseJsonSchema(z.object({ at: z.date() }))).toMatchObject({ properties: { at: { type: 'string' } } });
  });

  it('writes any stored value of the declared type: value rules (format, pattern, lengths) never fail an answer', () => {
    const serialize = compile(
      z.object({
        link: z.url().nullable(),
        mail: z.email().nullable(),
        amount: z.string().regex(/^\d+$/).nullable(),
        body: z.string().max(3).nullable(),
        count: z.number().max(1).nullable(),
        tags: z.array(z.string()).max(1).nullable(),
      }),
    );
    const value = {
      link: 'https://x.pt/a|b ç',
      mail: 'not an e-mail',
      amount: '12.50',
      body: 'longer than three',
      count: 99,
      tags: ['a', 'b'],
    };
    expect(JSON.parse(serialize(value))).toEqual(value);
    expect(JSON.stringify(responseJsonSchema(z.object({ link: z.url().nullable() })))).not.toMatch(/format|pattern/);
  });
});
