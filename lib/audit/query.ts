import "server-only";
import { AUDIT_PAGE_SIZE, type AuditQuery } from "@/lib/audit/query-schema";
import { db } from "@/lib/db/prisma";

export type AuditRow = {
  id: string;
  at: Date;
  action: string;
  actor: { id: string; email: string } | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  details: unknown;
};

export type AuditPage = {
  entries: AuditRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Every action name present in the log (for the filter). */
  actions: string[];
};

/**
 * One page of the audit log, newest first. `action`: exact name, or a prefix ending in "*"
 * ("user.*"). `actor`: part of an email, a user id, or "anonymous" (no actor).
 */
export async function queryAuditLog(query: AuditQuery): Promise<AuditPage> {
  const where: Record<string, unknown> = {};
  if (query.action) {
    where.action = query.action.endsWith("*") ? { startsWith: query.action.slice(0, -1) } : query.action;
  }
  if (query.actor) {
    if (query.actor.toLowerCase() === "anonymous") where.actorId = null;
    else {
      const needle = query.actor.toLowerCase();
      const users = await db.user.findMany({
        where: { OR: [{ id: query.actor }, { email: { contains: needle } }] },
        select: { id: true },
        take: 500,
      });
      where.actorId = { in: users.map((u) => u.id) };
    }
  }
  const [total, actions] = await Promise.all([
    db.auditLog.count({ where }),
    db.auditLog.groupBy({ by: ["action"], orderBy: { action: "asc" } }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db.auditLog.findMany({
    where,
    orderBy: [{ at: "desc" }, { id: "desc" }],
    skip: (page - 1) * AUDIT_PAGE_SIZE,
    take: AUDIT_PAGE_SIZE,
    select: {
      id: true,
      at: true,
      action: true,
      targetType: true,
      targetId: true,
      ip: true,
      details: true,
      actor: { select: { id: true, email: true } },
    },
  });
  return { entries: rows, total, page, pageCount, actions: actions.map((a) => a.action) };
}
