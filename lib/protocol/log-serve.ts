import "server-only";
import { randomBytes } from "node:crypto";
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
    VALUES (${serveId(at)}, ${sessionId}, ${segmentIndex}, ${allowed}, ${reason}, ${bytes}, ${at})`;
}

let counter = 0;

/** A collision-free row id in the style of the schema's cuid()s: "s" + time + counter + random, base 36. */
export function serveId(at: Date): string {
  counter = (counter + 1) % 36 ** 4;
  const random = BigInt(`0x${randomBytes(8).toString("hex")}`).toString(36).padStart(13, "0");
  return `s${at.getTime().toString(36)}${counter.toString(36).padStart(4, "0")}${random}`;
}
