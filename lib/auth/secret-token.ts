import { createHash, randomBytes } from "node:crypto";

/**
 * Random bearer secrets (API tokens `ph_...`, invitation tokens `inv_...`). Only their SHA-256
 * (hex) is stored; the plain value is shown once.
 */
export function newSecretToken(prefix: "ph_" | "inv_"): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** First characters of a token, shown in lists to tell tokens apart (not enough to use it). */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, 10);
}

/** Shape check before any database lookup (43 base64url characters after the prefix). */
export function looksLikeToken(token: string, prefix: "ph_" | "inv_"): boolean {
  return token.startsWith(prefix) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(prefix.length));
}
