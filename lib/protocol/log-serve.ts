import "server-only";
import { newId } from "@/lib/db/new-id";
import { directSql } from "@/lib/db/prisma";

/**
 * Appends one SegmentServe row: every request for a session's playlist, init segment, segments or
 * free-rewatch video, allowed or refused, with the reason (segment-access.ts RefusalReason or
 * "ok"). Requests naming a session that does not exist cannot be logged (no row to refer to).
 * Awaited before the response is sent (a served segment is always logged, durably: the served-once
 * rule reads these rows). One fixed parameterised INSERT, the same SQL for SQLite and PostgreSQL
 * (this runs on every media request; about a third of the CPU of the equivalent create()).
 */
export async function logServe(sessionId: string, segmentIndex: number, allowed: boolean, reason: string, bytes = 0): Promise<void> {
  const at = new Date();
  await directSql.execute`
    INSERT INTO "SegmentServe" ("id", "sessionId", "segmentIndex", "allowed", "reason", "bytes", "at")
    VALUES (${newId()}, ${sessionId}, ${segmentIndex}, ${allowed}, ${reason}, ${bytes}, ${at})`;
}

