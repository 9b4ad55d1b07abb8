import { describe, expect, it } from 'vitest';
import { badValuesFor, bodyCases, deepValue, objectSchema, validSample, type JsonSchema } from './schema-values.ts';

const body: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 10 },
    email: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
    count: { type: 'integer', minimum: 0, maximum: 5 },
    kind: { type: 'string', enum: ['a', 'b'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
  },
  required: ['name'],
};

describe('values generated from a route schema', () => {
  it('builds a valid sample from types, formats, enums and limits', () => {
    expect(validSample(body)).toEqual({ name: 'fuzz', email: 'fuzz@example.pt', count: 0, kind: 'a', tags: ['fuzz'] });
    expect(validSample({ type: 'string', minLength: 8, maxLength: 9 })).toBe('fuzzxxxx');
  });

  it('gives bad values at and past each limit, and of every other type', () => {
    const labels = (s: JsonSchema) => badValuesFor(s, false).map((b) => b.label);
    expect(labels(body.properties!.name!)).toEqual(
      expect.arrayContaining([
        'null',
        'number',
        'string of maxLength 10',
        'string of maxLength+1 11',
        'NUL',
        'lone surrogate',
      ]),
    );
    const count = badValuesFor(body.properties!.count!, false);
    expect(count).toContainEqual({ label: 'maximum+1 (6)', value: 6 });
    expect(count).toContainEqual({ label: 'minimum-1 (-1)', value: -1 });
    expect(labels(body.properties!.kind!)).toContain('not in the enum');
  });

  it('replaces one field at a time in the valid sample', () => {
    const cases = bodyCases(body, false);
    expect(cases[0]).toEqual({ label: 'valid sample', body: validSample(body) });
    const tooLong = cases.find((c) => c.label === 'name: string of maxLength+1 11')!;
    expect(tooLong.body).toEqual({ ...(validSample(body) as object), name: 'a'.repeat(11) });
    expect(cases.find((c) => c.label === 'email: left out')!.body).not.toHaveProperty('email');
    expect(objectSchema({ anyOf: [{ type: 'null' }, body] })).toBe(body);
    expect(JSON.stringify(deepValue(3, 'array'))).toBe('[[[1]]]');
  });
});
