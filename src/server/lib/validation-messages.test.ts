import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '#server/plugins/errors.ts';
import { fieldLabel, humanIssueMessage } from './validation-messages.ts';

describe('validation messages users read', () => {
  it('names the field in words', () => {
    expect(fieldLabel('vehiclePrice')).toBe('Vehicle price');
    expect(fieldLabel('items.0.unit_price')).toBe('Unit price');
    expect(fieldLabel('body')).toBe('This value');
  });

  it('keeps a contract’s own message', () => {
    expect(humanIssueMessage('name', { keyword: 'too_small', message: 'Name is required' })).toBe('Name is required');
  });

  it('rewrites the validator’s defaults in every 400 the server answers', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      '/defaults',
      {
        schema: {
          body: z.object({
            version: z.number().int().positive(),
            title: z.string().max(3),
            kind: z.enum(['a', 'b']),
            name: z.string(),
            tags: z.array(z.string()).min(1),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/defaults',
      payload: { version: 0, title: 'long', kind: 'c', tags: [] },
    });
    await app.close();
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fields: Record<string, string> }>();
    expect(body.fields).toEqual({
      version: 'Version must be more than 0',
      title: 'Title must be at most 3 characters',
      kind: 'Kind must be one of: a, b',
      name: 'Name is required',
      tags: 'Tags is required',
    });
    expect(body.message).not.toMatch(/Too small|Too big|Invalid input|expected/);
  });
});
