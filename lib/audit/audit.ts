import "server-only";
import type { ITXClientDenyList } from "@prisma/client/runtime/client";
import { newId } from "@/lib/db/new-id";
import { directSql, type Db } from "@/lib/db/prisma";

/** The Prisma client or an interactive-transaction client (write the audit entry in the same transaction). */
export type DbTx = Omit<Db, ITXClientDenyList>;

export type AuditEntry = {
  /** Who did it (null for anonymous actions such as a failed sign-in). */
  actorId: string | null;
  /** Dotted verb, e.g. "auth.sign_in", "user.create", "user.role_change". */
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  /** Extra facts (JSON). Never secrets: no passwords, tokens or hashes. */
  details?: Record<string, unknown>;
};

const SECRET_KEYS = /^(password|newPassword|passwordHash|secret|token|tokenHash|apiToken|signingKey)$/i;

/** Drops secret-looking keys from details, as a last line of defence. */
function scrub(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!details) return undefined;
  return Object.fromEntries(Object.entries(details).filter(([k, v]) => v !== undefined && !SECRET_KEYS.test(k)));
}

/**
 * Appends one audit-log entry. Pass `tx` to write it atomically with the change it records (inside
 * a Prisma transaction); without one it is a single direct INSERT (lib/db/direct-sql.ts), since
 * entries such as a crowd worker's first entry are written by every participant of a launch.
 */
export async function audit(entry: AuditEntry, tx?: DbTx): Promise<void> {
  const row = {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip || null,
    details: scrub(entry.details),
  };
  if (tx) {
    await tx.auditLog.create({ data: { ...row, details: row.details as never } });
    return;
  }
  await directSql.execute`
    INSERT INTO "AuditLog" ("id", "at", "actorId", "action", "targetType", "targetId", "ip", "details")
    VALUES (${newId()}, ${new Date()}, ${row.actorId}, ${row.action}, ${row.targetType}, ${row.targetId}, ${row.ip},
      ${row.details === undefined ? null : JSON.stringify(row.details)})`;
}
