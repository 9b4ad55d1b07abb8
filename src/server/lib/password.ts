import { hash, verify, Algorithm } from '@node-rs/argon2';

// argon2id at OWASP's minimum cost (19 MiB, 2 passes): about 50 ms per hash on these machines.
const PARAMS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
