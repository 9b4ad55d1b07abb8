import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { withTextRules } from '#shared/text.ts';

type CompilerInput = Parameters<typeof zodValidatorCompiler>[0];

/**
 * Request validator: every body, query string and params schema is wrapped with the text rules
 * every field obeys (src/shared/text.ts): a NUL character anywhere answers 400 on that field, lone
 * surrogates become U+FFFD. One place, so no route can forget them (ADR 016).
 */
export function validatorCompiler(input: CompilerInput) {
  return zodValidatorCompiler({ ...input, schema: withTextRules(input.schema as ZodType) });
}
