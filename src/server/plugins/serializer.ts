import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/**
 * The JSON Schema of a response schema, as fast-json-stringify reads it. JSON Schema has no date
 * type: a zod date (z.date(), z.coerce.date()) becomes a string, which fast-json-stringify writes
 * from a Date with one toISOString() (the same text JSON.stringify gives, without going through
 * JSON.stringify for each date).
 */
export function responseJsonSchema(schema: ZodType) {
  return z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') ctx.jsonSchema.type = 'string';
    },
  });
}

/**
 * Response serializer: each route's zod response schema is compiled once to JSON Schema and then
 * to fast-json-stringify, which writes only the declared fields (so nothing undeclared, such as a
 * password hash, can leave) without re-validating every answer with zod. Schemas JSON Schema
 * cannot express fall back to the zod serializer.
 */
export function serializerCompiler(input: CompilerInput) {
  try {
    return fastJsonStringify(responseJsonSchema(input.schema as ZodType) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return zodSerializerCompiler(input);
  }
}
