import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import type { Actor } from "./actor";
import { hashSecretToken, newSecretToken, tokenDisplayPrefix } from "./secret-token";

export type ApiTokenSummary = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const MAX_ACTIVE_TOKENS = 50;

const tokenSelect = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** The user's tokens, newest first (never the token itself: only its prefix). */
export async function listApiTokens(userId: string): Promise<ApiTokenSummary[]> {
  return db.apiToken.findMany({ where: { userId }, select: tokenSelect, orderBy: { createdAt: "desc" } });
}

/**
 * Creates an API token for the acting user. The token (`ph_...`) is returned once; only its
 * SHA-256 is stored. Use it as `Authorization: Bearer ph_...`.
 */
export async function createApiToken(name: string, actor: Actor): Promise<ApiTokenSummary & { token: string }> {
  const token = newSecretToken("ph_");
  const created = await db.$transaction(async (tx) => {
    const active = await tx.apiToken.count({ where: { userId: actor.user.id, revokedAt: null } });
    if (active >= MAX_ACTIVE_TOKENS) {
      throw new HttpError(409, `You already have ${MAX_ACTIVE_TOKENS} active tokens; revoke one first.`, "too_many_tokens");
    }
    const row = await tx.apiToken.create({
      data: { userId: actor.user.id, name, tokenHash: hashSecretToken(token), prefix: tokenDisplayPrefix(token) },
      select: tokenSelect,
    });
    await audit(
      { actorId: actor.user.id, action: "token.create", targetType: "api_token", targetId: row.id, ip: actor.ip, details: { name, prefix: row.prefix } },
      tx,
    );
    return row;
  });
  return { ...created, token };
}

/** Revokes one of the acting user's tokens (404 for unknown ids and other users' tokens; idempotent). */
export async function revokeApiToken(id: string, actor: Actor): Promise<ApiTokenSummary> {
  return db.$transaction(async (tx) => {
    const row = await tx.apiToken.findFirst({ where: { id, userId: actor.user.id }, select: tokenSelect });
    if (!row) throw new HttpError(404, `No API token with id "${id}".`);
    if (row.revokedAt) return row;
    const updated = await tx.apiToken.update({ where: { id }, data: { revokedAt: new Date() }, select: tokenSelect });
    await audit(
      { actorId: actor.user.id, action: "token.revoke", targetType: "api_token", targetId: id, ip: actor.ip, details: { name: row.name, prefix: row.prefix } },
      tx,
    );
    return updated;
  });
}
