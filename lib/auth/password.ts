import "server-only";
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt (node:crypto). Encoded as `scrypt$N$r$p$<salt>$<hash>` (salt and
 * hash in base64), so the cost can be raised later without invalidating stored hashes.
 * Passwords are never logged or returned; only the encoded hash is stored.
 */

const N = 2 ** 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** Longest password accepted (bounds hashing work; far above any real password). */
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; allow that plus headroom (Node's default cap is 32 MiB).
    scrypt(password.normalize("NFC"), salt, keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== "string" || password.length === 0) throw new Error("password must be a non-empty string");
  if (password.length > MAX_PASSWORD_LENGTH) throw new Error(`password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P, KEY_BYTES);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

type Parsed = { n: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(encoded: string): Parsed | null {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [n, r, p] = parts.slice(1, 4).map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
  // Refuse parameters outside sane bounds (a tampered hash must not make us burn memory or CPU).
  if (!(n >= 2 ** 10 && n <= 2 ** 20 && (n & (n - 1)) === 0)) return null;
  if (!(r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4], "base64");
  const key = Buffer.from(parts[5], "base64");
  if (salt.length < 8 || key.length < 16 || key.length > 128) return null;
  return { n, r, p, salt, key };
}

/**
 * Checks a password against an encoded hash in constant time (for a given hash). A malformed or
 * missing hash verifies as false (never throws for bad stored data).
 */
export async function verifyPassword(password: string, encoded: string | null | undefined): Promise<boolean> {
  if (typeof password !== "string" || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
  const parsed = encoded ? parse(encoded) : null;
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses weaker parameters than today's (re-hash on next sign-in). */
export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.n < N || parsed.r < R || parsed.key.length < KEY_BYTES;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for sign-ins with an unknown email, so response
 * times do not reveal which accounts exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword("playhead-dummy-password");
  await verifyPassword(typeof password === "string" && password ? password : "x", await dummy);
  return false;
}
