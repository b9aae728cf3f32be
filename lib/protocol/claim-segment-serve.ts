import "server-only";
import { databaseTarget } from "@/lib/db/database-url";
import { directSql } from "@/lib/db/prisma";
import { newId } from "@/lib/db/new-id";

/**
 * Records that segment `index` (>= 0) of a session is served, with its size, only if no
 * segment at or after it was served before (the served-once rule of authorize-segment.ts), as
 * one atomic statement: of simultaneous requests for the same segment exactly one is served.
 * Returns the row's id when it was written (null: the caller refuses with `already_served`).
 * The row is the reservation that makes the segment single-use; it counts as served once the
 * body is handed out, and {@link releaseSegmentServe} undoes it when the body never was.
 *
 * One conditional INSERT on both databases, no transaction: the row carries the unique
 * `claimKey` "<session>:<index>", so the database itself lets one of simultaneous claims of a
 * segment in (the others conflict and insert nothing, `ON CONFLICT DO NOTHING`), and `NOT EXISTS`
 * refuses a segment when it or a later one was served before. On PostgreSQL this replaces a
 * transaction of five round trips that locked the session row and held a pool connection
 * throughout (a burst of segment requests queued on the pool and failed to start transactions).
 * Requests for two DIFFERENT segments of one session at the very same moment (a player fetches
 * them one after the other) may then both be served — each for the first time, so nothing is
 * replayed.
 */
export async function claimSegmentServe(sessionId: string, index: number, bytes: number): Promise<string | null> {
  const at = new Date();
  const id = newId();
  const claimKey = `${sessionId}:${index}`;
  const written =
    databaseTarget().provider === "postgresql"
      ? await directSql.execute`
          INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at", "claimKey")
          SELECT ${id}::text, ${sessionId}::text, ${index}::int, ${true}::boolean, ${"ok"}::text, ${bytes}::int, ${at}::timestamp(3), ${claimKey}::text
          WHERE NOT EXISTS (
            SELECT 1 FROM "SegmentServe"
            WHERE "sessionId" = ${sessionId} AND "allowed" = ${true} AND "segmentIndex" >= ${index}
          )
          ON CONFLICT ("claimKey") DO NOTHING`
      : await directSql.execute`
          INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at", "claimKey")
          SELECT ${id}, ${sessionId}, ${index}, ${true}, ${"ok"}, ${bytes}, ${at}, ${claimKey}
          WHERE NOT EXISTS (
            SELECT 1 FROM "SegmentServe"
            WHERE "sessionId" = ${sessionId} AND "allowed" = ${true} AND "segmentIndex" >= ${index}
          )
          ON CONFLICT ("claimKey") DO NOTHING`;
  return written === 1 ? id : null;
}

/**
 * A claimed segment whose body was never handed out (the client went away first): the serve is
 * turned into a refusal (`not_sent`) and its claim key freed, so the segment counts as not served
 * and can be fetched again (a later one served in the meantime still blocks it: the served-once
 * rule).
 */
export async function releaseSegmentServe(serveId: string): Promise<void> {
  await directSql.execute`
    UPDATE "SegmentServe" SET "allowed" = ${false}, "reason" = ${"not_sent"}, "claimKey" = NULL WHERE "id" = ${serveId} AND "allowed" = ${true}`;
}
