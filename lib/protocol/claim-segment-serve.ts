import "server-only";
import { databaseTarget } from "@/lib/db/database-url";
import { db } from "@/lib/db/prisma";
import { serveId } from "./log-serve";

/**
 * Records that segment `index` (>= 0) of a session is served, with its size, only if no
 * segment at or after it was served before (the served-once rule of authorize-segment.ts), as
 * one atomic step: of simultaneous requests for the same segment exactly one is served.
 * Returns the row's id when it was written (null: the caller refuses with `already_served`).
 * The row is the reservation that makes the segment single-use; it counts as served once the
 * body is handed out, and {@link releaseSegmentServe} undoes it when the body never was.
 *
 * SQLite: one conditional INSERT (SQLite runs write statements one at a time). PostgreSQL: a
 * transaction that first locks the session row, so that a second request's check (a new
 * snapshot under READ COMMITTED, taken once it holds the lock) sees the first request's row.
 */
export async function claimSegmentServe(sessionId: string, index: number, bytes: number): Promise<string | null> {
  const at = new Date();
  const id = serveId(at);
  if (databaseTarget().provider !== "postgresql") {
    const written = await db.$executeRaw`
      INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at")
      SELECT ${id}, ${sessionId}, ${index}, ${true}, ${"ok"}, ${bytes}, ${at}
      WHERE NOT EXISTS (
        SELECT 1 FROM "SegmentServe"
        WHERE "sessionId" = ${sessionId} AND "allowed" = ${true} AND "segmentIndex" >= ${index}
      )`;
    return written === 1 ? id : null;
  }
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "BaselineSession" WHERE "id" = ${sessionId} FOR UPDATE`;
    const served = await tx.$queryRaw<Array<{ one: number }>>`
      SELECT 1 AS "one" FROM "SegmentServe"
      WHERE "sessionId" = ${sessionId} AND "allowed" = ${true} AND "segmentIndex" >= ${index}
      LIMIT 1`;
    if (served.length > 0) return null;
    await tx.$executeRaw`
      INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at")
      VALUES (${id}, ${sessionId}, ${index}, ${true}, ${"ok"}, ${bytes}, ${at})`;
    return id;
  });
}

/**
 * A claimed segment whose body was never handed out (the client went away first): the serve is
 * turned into a refusal (`not_sent`), so the segment counts as not served and can be fetched again
 * (a later one served in the meantime still blocks it: the served-once rule).
 */
export async function releaseSegmentServe(serveId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "SegmentServe" SET "allowed" = ${false}, "reason" = ${"not_sent"} WHERE "id" = ${serveId} AND "allowed" = ${true}`;
}
