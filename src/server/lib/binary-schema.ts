import { z } from 'zod';

/**
 * A download's body in a route's response schema: documented as a binary string (OpenAPI's file),
 * never `{}`; not checked, since the body is a stream or a buffer, not JSON.
 */
export const binaryBodySchema = () => z.any().meta({ type: 'string', format: 'binary' });
