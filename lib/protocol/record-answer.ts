import "server-only";
import { databaseTarget } from "@/lib/db/database-url";
import { directSql } from "@/lib/db/prisma";
import { newId } from "@/lib/db/new-id";
import { HttpError } from "@/lib/http/http-error";
import { unlockNextQueryPoint, type NextProgress } from "./unlock-next-query-point";

export type AnswerRow = {
  itemId: string;
  queryPointId: string | null;
  answerKey: string;
  value: unknown;
  latencyMs: number;
  positionSec: number;
  unseen: boolean;
};

/**
 * What the acceptance itself serves, given the progress it makes (submit-answer.ts: the next
 * stretch's playlist), logged as an allowed SegmentServe row in the same transaction; null: none.
 */
export type ServedWith = (next: NextProgress) => { segmentIndex: number; bytes: number } | null;

export type AdvanceArgs = Parameters<typeof unlockNextQueryPoint>[0] & { sessionId: string; tabId: string };

const ALREADY_ANSWERED = () => new HttpError(409, "This question was already answered; answers are locked.", "already_answered");
const CONFLICT = () => new HttpError(409, "This session changed in the meantime (another tab or a repeated submit). Reload to continue.", "conflict");

/** A direct statement's unique violation (lib/db/direct-sql.ts gives it Prisma's code). */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/**
 * Stores one answer and advances the session by one ask, atomically: the compare-and-set of the
 * progress (unlock-next-query-point.ts; version, tab lease, answered index, ACTIVE) and the Answer
 * insert (unique per session and answer key) both happen or neither does. 409 `already_answered`
 * when the answer key exists, 409 `conflict` when the compare-and-set matched no row.
 *
 * Direct statements (lib/db/direct-sql.ts: this runs on every answer of a launch). SQLite: one
 * transaction of the UPDATE and the INSERT (local calls). PostgreSQL: ONE statement — the UPDATE
 * in a data-modifying CTE whose RETURNING row feeds the INSERT — so one round trip instead of four
 * and no pool connection held across them; a unique violation of the INSERT rolls the UPDATE back
 * with it (one statement is one transaction). `served`: a SegmentServe row written with them
 * (the playlist the acceptance gives), in the same transaction or statement.
 */
export async function recordAnswer(advance: AdvanceArgs, answer: AnswerRow, served?: ServedWith): Promise<NextProgress> {
  const next = unlockNextQueryPoint(advance);
  const { sessionId, version, tabId, answeredIndex, now } = advance;
  const value = JSON.stringify(answer.value);
  const serve = served?.(next) ?? null;
  try {
    if (databaseTarget().provider !== "postgresql") {
      await directSql.transaction(async (tx) => {
        const moved = await tx.execute`
          UPDATE "BaselineSession"
          SET "answeredIndex" = ${next.answeredIndex}, "unlockedIndex" = ${next.unlockedIndex}, "version" = ${next.version},
              "lastSeenAt" = ${now}, "status" = ${next.status}, "finishedAt" = COALESCE(${next.finishedAt}, "finishedAt")
          WHERE "id" = ${sessionId} AND "version" = ${version} AND "activeTabId" = ${tabId}
            AND "answeredIndex" = ${answeredIndex} AND "status" = 'ACTIVE'`;
        if (moved !== 1) throw CONFLICT();
        await tx.execute`
          INSERT INTO "Answer" ("id", "sessionId", "itemId", "queryPointId", "answerKey", "value", "latencyMs", "positionSec", "unseen", "createdAt")
          VALUES (${newId()}, ${sessionId}, ${answer.itemId}, ${answer.queryPointId}, ${answer.answerKey},
            ${value}, ${answer.latencyMs}, ${answer.positionSec}, ${answer.unseen}, ${now})`;
        if (serve) {
          await tx.execute`
            INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at")
            VALUES (${newId()}, ${sessionId}, ${serve.segmentIndex}, ${true}, ${"ok"}, ${serve.bytes}, ${now})`;
        }
      });
    } else {
      // The serve's INSERT is fed by the Answer's RETURNING row and runs only when there is one
      // to log (a data-modifying CTE always runs, read or not).
      const [written] = await directSql.query<{ n: unknown }[]>`
        WITH advanced AS (
          UPDATE "BaselineSession"
          SET "answeredIndex" = ${next.answeredIndex}::int, "unlockedIndex" = ${next.unlockedIndex}::int, "version" = ${next.version}::int,
              "lastSeenAt" = ${now}::timestamp(3), "status" = ${next.status}::"SessionStatus",
              "finishedAt" = COALESCE(${next.finishedAt}::timestamp(3), "finishedAt")
          WHERE "id" = ${sessionId} AND "version" = ${version}::int AND "activeTabId" = ${tabId}
            AND "answeredIndex" = ${answeredIndex}::int AND "status" = 'ACTIVE'
          RETURNING "id"
        ), answered AS (
          INSERT INTO "Answer" ("id", "sessionId", "itemId", "queryPointId", "answerKey", "value", "latencyMs", "positionSec", "unseen", "createdAt")
          SELECT ${newId()}::text, "id", ${answer.itemId}::text, ${answer.queryPointId}::text, ${answer.answerKey}::text,
            ${value}::jsonb, ${answer.latencyMs}::int, ${answer.positionSec}::double precision, ${answer.unseen}::boolean, ${now}::timestamp(3)
          FROM advanced
          RETURNING "sessionId"
        ), served AS (
          INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at")
          SELECT ${newId()}::text, "sessionId", ${serve?.segmentIndex ?? 0}::int, ${true}::boolean, ${"ok"}::text, ${serve?.bytes ?? 0}::int, ${now}::timestamp(3)
          FROM answered WHERE ${serve !== null}::boolean
          RETURNING "id"
        )
        SELECT COUNT(*) AS "n" FROM answered`;
      if (Number(written?.n ?? 0) !== 1) throw CONFLICT();
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw ALREADY_ANSWERED();
    throw error;
  }
  return next;
}
