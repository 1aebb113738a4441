import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 256 random bits, URL-safe. */
export function generateToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are looked up by their SHA-256; a stolen database row cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
