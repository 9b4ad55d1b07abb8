import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import { errorsPlugin } from './errors.ts';

describe('the one error handler', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      '/validate',
      {
        schema: {
          body: z.object({ name: z.string().min(1, 'Name is required'), age: z.number('Age must be a number') }),
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/app-error', async () => {
      throw new AppError('CONFLICT', 'Username already taken', { username: 'Username already taken' });
    });
    app.get('/crash', async () => {
      throw new Error('connection to 10.0.0.5 refused: password authentication failed for user "prod"');
    });
    // A database refusal as Drizzle raises it: its own error, the driver's as the cause.
    app.get('/db/:state', async (request) => {
      const { state } = request.params as { state: string };
      const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_username_key"'), {
        code: state,
        severity: 'ERROR',
        detail: 'Key (username)=(secret-admin) already exists.',
      });
      throw new Error('Failed query: insert into "users" ... params: secret-admin', { cause: driver });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 400 with a message per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/validate', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION',
      message: 'Name is required; Age must be a number',
      fields: { name: 'Name is required', age: 'Age must be a number' },
    });
  });

  it('answers an AppError with its status, message and fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Username already taken',
      fields: { username: 'Username already taken' },
    });
  });

  it('never exposes internals in a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    expect(res.body).not.toContain('10.0.0.5');
  });

  it('passes on Fastify client errors such as malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it.each([
    ['23505', 409, 'This record already exists'],
    ['23503', 409, 'This refers to a record that does not exist or is still in use'],
    ['23514', 400, 'A value is not allowed'],
    ['22001', 400, 'A value is too long'],
    ['22021', 400, 'Text contains a character that cannot be stored'],
    ['22P05', 400, 'Text contains a character that cannot be stored'],
    ['23P01', 409, 'The change conflicts with the stored data'],
    ['22012', 400, 'A value is not valid'],
  ])('answers database refusal %s with %i in plain words, no internals', async (state, status, message) => {
    const res = await app.inject({ method: 'GET', url: `/db/${state}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message, code: status === 409 ? 'CONFLICT' : 'VALIDATION' });
    expect(res.body).not.toMatch(/secret-admin|users|constraint|insert/);
  });

  it('keeps other database failures (connection, syntax) a plain 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/db/08006' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
  });
});
