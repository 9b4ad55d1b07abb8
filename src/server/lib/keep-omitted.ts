import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { INT4_MAX } from '#shared/schemas/common.ts';

/**
 * PUT means "change what is sent": before the body is validated, every field of the contract it
 * leaves out is filled from the stored record, so an omitted field keeps its value (null, where
 * the contract allows it, still clears). `load` returns the record in the contract's input shape,
 * or undefined when there is none (the handler then answers 404).
 */
export function keepOmittedFields(
  keys: readonly string[],
  load: (id: number) => Promise<Record<string, unknown> | undefined>,
): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const id = Number((request.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) return; // the params schema answers 400
    const stored = await load(id);
    if (!stored) return;
    const filled: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const key of keys) if (!(key in filled) && stored[key] !== undefined) filled[key] = stored[key];
    request.body = filled;
  };
}
