import "server-only";
import { directSql } from "@/lib/db/prisma";

/**
 * A participant's first unfinished session in the order they watch them (`startedAt`, then id),
 * other than `exceptSessionId`; null when none is left. Asked when they consent (where to start)
 * and when a session ends (where to go on). Direct statement (lib/db/direct-sql.ts).
 */
export async function nextActiveSession(participantId: string, exceptSessionId: string | null = null): Promise<string | null> {
  // Session ids are never empty: "" excludes nothing.
  const [next] = await directSql.query<{ id: string }[]>`
    SELECT "id" FROM "BaselineSession" WHERE "participantId" = ${participantId} AND "status" = 'ACTIVE' AND "id" <> ${exceptSessionId ?? ""}
    ORDER BY "startedAt" ASC, "id" ASC LIMIT 1`;
  return next?.id ?? null;
}
