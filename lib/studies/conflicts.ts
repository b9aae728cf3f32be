import "server-only";
import type { DirectStatements } from "@/lib/db/direct-sql";

/**
 * Items of the study that the user authored, annotated or reviewed: conflict of interest, never
 * given to them in a study. Sources: Annotation.authorId, Task.userId (any task kind: annotate,
 * review, adjudicate, verify, judge...), Adjudication.resolvedById, ItemRevision.authorId.
 *
 * One direct statement (lib/db/direct-sql.ts: it runs at every participant's consent); the
 * study's items are named by a subquery, so the SQL is fixed whatever their number.
 */
export async function conflictItemIds(sql: DirectStatements, userId: string, studyId: string): Promise<Set<string>> {
  const rows = await sql.query<{ itemId: string }[]>`
    SELECT "itemId" FROM "Annotation" WHERE "authorId" = ${userId}
      AND "itemId" IN (SELECT "itemId" FROM "StudyItem" WHERE "studyId" = ${studyId})
    UNION SELECT "itemId" FROM "Task" WHERE "userId" = ${userId}
      AND "itemId" IN (SELECT "itemId" FROM "StudyItem" WHERE "studyId" = ${studyId})
    UNION SELECT "itemId" FROM "Adjudication" WHERE "resolvedById" = ${userId}
      AND "itemId" IN (SELECT "itemId" FROM "StudyItem" WHERE "studyId" = ${studyId})
    UNION SELECT "itemId" FROM "ItemRevision" WHERE "authorId" = ${userId}
      AND "itemId" IN (SELECT "itemId" FROM "StudyItem" WHERE "studyId" = ${studyId})`;
  return new Set(rows.map((r) => r.itemId));
}
