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
});
