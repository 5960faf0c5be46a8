/** argon2id password hashes (OWASP parameters: 19 MiB, 2 passes, 1 lane). */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings; isolatedModules forbids importing it)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== 'string' || password.length === 0) throw new Error('hashPassword needs a non-empty password');
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed or foreign hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash || typeof password !== 'string') return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash with the same parameters, so a sign-in
 * for an unknown e-mail costs the same time as a wrong password.
 */
export async function burnVerify(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}
