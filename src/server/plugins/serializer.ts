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
      for (const keyword of VALUE_RULES) delete (ctx.jsonSchema as Record<string, unknown>)[keyword];
    },
  });
}

/**
 * Keywords that judge a value rather than describe its shape. An answer is written, not validated:
 * fast-json-stringify checks them when it picks a branch of a nullable or union field, so a stored
 * value the input rule accepted (a WHATWG URL with '|', a long e-mail body) would fail the answer
 * with a 500. Types, properties, enums and constants stay: they pick the branch (ADR 016).
 */
const VALUE_RULES = [
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contentEncoding',
  'contentMediaType',
] as const;

function compile(input: CompilerInput): (data: unknown) => string {
  try {
    return fastJsonStringify(responseJsonSchema(input.schema as ZodType) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return zodSerializerCompiler(input);
  }
}

/**
 * Response serializer: each route's zod response schema is compiled once to JSON Schema and then
 * to fast-json-stringify, which writes only the declared fields (so nothing undeclared, such as a
 * password hash, can leave) without re-validating every answer with zod. Schemas JSON Schema
 * cannot express fall back to the zod serializer. Compiled on a route's first answer, not when
 * the route is registered: compiling every route's serializers was about a tenth of the app's
 * start-up CPU (ADR 061).
 */
export function serializerCompiler(input: CompilerInput): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= compile(input))(data);
}
