import "server-only";
import { directSql } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { sessionProgressOf, type SessionProgressColumns } from "./load-session";
import { logServe } from "./log-serve";
import { SERVE_INDEX } from "./serve-codes";

/**
 * The tab lease. Choice: the LAST tab to open the session takes it over. Claiming sets
 * activeTabId and bumps the version, so the tab that held it gets 409 ("continues in another
 * tab") on its next answer and shows a notice instead of a question. Only the lease holder can
 * advance (unlock-next-query-point.ts), so two tabs can never both advance. Claiming releases no
 * media: the new tab resumes after the last segment already served (each segment is served at
 * most once, last-served.ts), or at the question when the whole stretch was served. Each claim is
 * logged in SegmentServe (index -6): a restart of the player, which loses whatever it had
 * buffered but not shown (stretch-coverage.ts lostToRestart). Direct statements (lib/db/direct-sql.ts):
 * every participant of a launch claims at once. Returns the session's progress as the UPDATE left
 * it (RETURNING: the route answers from it without reading the session again).
 */
export async function claimSession(sessionId: string, tabId: string): Promise<SessionProgressColumns> {
  const [claimed] = await directSql.query<Record<string, unknown>[]>`
    UPDATE "BaselineSession" SET "activeTabId" = ${tabId}, "version" = "version" + 1, "lastSeenAt" = ${new Date()}
    WHERE "id" = ${sessionId} AND "status" = 'ACTIVE'
    RETURNING "status", "unlockedIndex", "answeredIndex", "version", "activeTabId", "lastSeenAt"`;
  if (!claimed) throw new HttpError(410, "This session is over.", "session_not_active");
  await logServe(sessionId, SERVE_INDEX.claim, true, "ok");
  return sessionProgressOf(claimed);
}
