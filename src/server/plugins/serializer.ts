import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Response serializer: each route's zod response schema is compiled once to JSON Schema and then
 * to fast-json-stringify, which writes only the declared fields (so nothing undeclared, such as a
 * password hash, can leave) without re-validating every answer with zod. Schemas JSON Schema
 * cannot express fall back to the zod serializer.
 */
export function serializerCompiler(input: CompilerInput) {
  try {
    const jsonSchema = z.toJSONSchema(input.schema as ZodType, { io: 'output', unrepresentable: 'any' });
    return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return zodSerializerCompiler(input);
  }
}
