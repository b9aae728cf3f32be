import "server-only";
import type { ITXClientDenyList } from "@prisma/client/runtime/client";
import { db, type Db } from "@/lib/db/prisma";

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

/** Appends one audit-log entry (pass `tx` to write it atomically with the change it records). */
export async function audit(entry: AuditEntry, tx: DbTx = db): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ip: entry.ip || null,
      details: scrub(entry.details) as never,
    },
  });
}
