import "server-only";
import { databaseTarget } from "@/lib/db/database-url";
import { db } from "@/lib/db/prisma";
import { newId } from "@/lib/benchmarks/ids";
import { HttpError } from "@/lib/http/http-error";
import { unlockNextQueryPoint } from "./unlock-next-query-point";

export type AnswerRow = {
  itemId: string;
  queryPointId: string | null;
  answerKey: string;
  value: unknown;
  latencyMs: number;
  positionSec: number;
  unseen: boolean;
};

export type AdvanceArgs = Parameters<typeof unlockNextQueryPoint>[0];

const ALREADY_ANSWERED = () => new HttpError(409, "This question was already answered; answers are locked.", "already_answered");
const CONFLICT = () => new HttpError(409, "This session changed in the meantime (another tab or a repeated submit). Reload to continue.", "conflict");

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { kind?: string; code?: string } } }; message?: string } | null;
  if (!e) return false;
  if (e.code === "P2002") return true;
  const cause = e.meta?.driverAdapterError?.cause;
  return e.meta?.code === "23505" || cause?.code === "23505" || cause?.kind === "UniqueConstraintViolation" || /23505|unique constraint/i.test(e.message ?? "");
}

/**
 * Stores one answer and advances the session by one ask, atomically: the compare-and-set of
 * unlock-next-query-point.ts (version, tab lease, answered index, ACTIVE) and the Answer insert
 * (unique per session and answer key) both happen or neither does. 409 `already_answered` when
 * the answer key exists, 409 `conflict` when the compare-and-set matched no row.
 *
 * SQLite: one batch transaction (BEGIN, UPDATE, INSERT, COMMIT: local calls). PostgreSQL: ONE
 * statement — the UPDATE in a data-modifying CTE whose RETURNING row feeds the INSERT — so one
 * round trip instead of four and no pool connection held across them; a unique violation of the
 * INSERT rolls the UPDATE back with it (one statement is one transaction).
 */
export async function recordAnswer(advance: AdvanceArgs, answer: AnswerRow): Promise<{ version: number; completed: boolean }> {
  const result = unlockNextQueryPoint(advance);
  if (databaseTarget().provider !== "postgresql") {
    await db
      .$transaction([
        result.update,
        db.answer.create({ data: { sessionId: advance.sessionId, ...answer, value: answer.value as never, createdAt: advance.now }, select: { id: true } }),
      ])
      .catch((error: unknown) => {
        const code = (error as { code?: string })?.code;
        if (code === "P2002") throw ALREADY_ANSWERED();
        if (code === "P2025") throw CONFLICT();
        throw error;
      });
    return { version: result.version, completed: result.completed };
  }
  const { sessionId, version, tabId, answeredIndex, now } = advance;
  const answered = answeredIndex + 1;
  const unlocked = advance.protocol === "STREAMING" ? answered + 1 : advance.askCount;
  const status = result.completed ? "COMPLETED" : "ACTIVE";
  const finishedAt = result.completed ? now : null;
  let written: number;
  try {
    written = await db.$executeRaw`
      WITH advanced AS (
        UPDATE "BaselineSession"
        SET "answeredIndex" = ${answered}::int, "unlockedIndex" = ${unlocked}::int, "version" = ${version + 1}::int,
            "lastSeenAt" = ${now}::timestamp(3), "status" = ${status}::"SessionStatus",
            "finishedAt" = COALESCE(${finishedAt}::timestamp(3), "finishedAt")
        WHERE "id" = ${sessionId} AND "version" = ${version}::int AND "activeTabId" = ${tabId}
          AND "answeredIndex" = ${answeredIndex}::int AND "status" = 'ACTIVE'
        RETURNING "id"
      )
      INSERT INTO "Answer" ("id", "sessionId", "itemId", "queryPointId", "answerKey", "value", "latencyMs", "positionSec", "unseen", "createdAt")
      SELECT ${newId()}::text, "id", ${answer.itemId}::text, ${answer.queryPointId}::text, ${answer.answerKey}::text,
        ${JSON.stringify(answer.value)}::jsonb, ${answer.latencyMs}::int, ${answer.positionSec}::double precision, ${answer.unseen}::boolean, ${now}::timestamp(3)
      FROM advanced`;
  } catch (error) {
    if (isUniqueViolation(error)) throw ALREADY_ANSWERED();
    throw error;
  }
  if (written !== 1) throw CONFLICT();
  return { version: result.version, completed: result.completed };
}
