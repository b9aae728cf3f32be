/**
 * Snapshots of the rows an attack on the study protocol could change (the protocol attack suite,
 * tests/attacks-*.test.ts): accounts, study participants, sessions, answers, the media served
 * (allowed SegmentServe rows) and the audit log. Every media request is logged in SegmentServe
 * by design, refusals included: {@link expectUnchanged} returns the rows written since the
 * snapshot and fails if any of them records media as served.
 * Import after tests/support/test-db.
 *
 *   const before = await snapshot();
 *   ... the attack, asserting its status codes ...
 *   const logged = await expectUnchanged(before);   // state identical; only refusals logged
 */
import { expect } from "vitest";
import { db, testDb } from "./test-db";

async function protocolState() {
  const [users, participants, sessions, answers, served, audit] = await Promise.all([
    db.user.findMany({ orderBy: { id: "asc" }, select: { id: true, email: true, role: true, active: true, sessionVersion: true, updatedAt: true } }),
    db.studyParticipant.findMany({ orderBy: { id: "asc" } }),
    db.baselineSession.findMany({ orderBy: { id: "asc" } }),
    db.answer.findMany({ orderBy: { id: "asc" } }),
    db.segmentServe.findMany({ where: { allowed: true }, orderBy: { id: "asc" } }),
    db.auditLog.findMany({ orderBy: { id: "asc" }, select: { id: true, action: true } }),
  ]);
  return { users, participants, sessions, answers, served, audit };
}

export type Snapshot = { state: Awaited<ReturnType<typeof protocolState>>; logIds: Set<string> };

export type LoggedServe = { sessionId: string; segmentIndex: number; allowed: boolean; reason: string };

export async function snapshot(): Promise<Snapshot> {
  const [state, log] = await Promise.all([protocolState(), db.segmentServe.findMany({ select: { id: true } })]);
  return { state, logIds: new Set(log.map((r) => r.id)) };
}

/** Asserts that no protocol row changed since `before`; returns the SegmentServe rows logged since (all refusals). */
export async function expectUnchanged(before: Snapshot): Promise<LoggedServe[]> {
  const after = await protocolState();
  expect(after).toEqual(before.state);
  const rows = await db.segmentServe.findMany({ orderBy: { at: "asc" }, select: { id: true, sessionId: true, segmentIndex: true, allowed: true, reason: true } });
  const logged = rows.filter((r) => !before.logIds.has(r.id)).map(({ sessionId, segmentIndex, allowed, reason }) => ({ sessionId, segmentIndex, allowed, reason }));
  expect(logged.filter((r) => r.allowed)).toEqual([]);
  return logged;
}

/** Every table's row count (for attacks that must write nothing at all, not even a log row). */
export async function tableCounts(): Promise<Record<string, number>> {
  const tables =
    testDb.provider === "postgresql"
      ? (await db.$queryRawUnsafe<{ name: string }[]>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`)).map((r) => r.name)
      : (await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => r.name);
  const out: Record<string, number> = {};
  for (const t of tables.sort()) {
    const [row] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "${t}"`);
    out[t] = Number(row.n);
  }
  return out;
}
