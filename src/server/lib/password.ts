import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at OWASP's minimum cost (19 MiB, 2 passes): ~50 ms a hash here.
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PARAMS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false; // malformed hash: treat as a mismatch, never as a server error
  }
}
