import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as queuesRoute } from "@/app/api/judge/queues/route";
import { GET as ecGet, PUT as ecPut } from "@/app/api/judge/runs/[runId]/ec/route";
import { GET as vsasGet, PUT as vsasPut } from "@/app/api/judge/runs/[runId]/vsas/route";
import { finishSession } from "@/lib/studies/finish-session";
import { rescoreStaleRuns } from "@/lib/runs/rescore-stale";
import { createItems, createOpenStudy, createProject, ingestTestVideo } from "./baseline-fixtures";
import { refreshHumanRuns } from "./support/human-runs";
import { addMembers } from "./support/members";
import { call } from "./support/requests";
import { createTestUser, type TestUser } from "./support/users";

/**
 * Participants' answers of a study are judged in the same queues as runs (issue 12): VSAS live
 * responses per second under `session:<sessionId>:t:<sec>`, EC-Bench enumeration answers under
 * `session:<sessionId>:match`; rescoring the study's run rescores its sessions with them.
 * Sessions are written directly (the participant flow is covered by tests/baseline-*.test.ts).
 */
let admin: TestUser;
let rev: TestUser;

async function completedSession(studyId: string, videoId: string, pid: string, answers: { itemId: string; value: unknown }[]): Promise<string> {
  const user = await createTestUser({ role: "PARTICIPANT" });
  const participant = await db.studyParticipant.create({ data: { studyId, userId: user.id, externalSource: "test", externalId: pid, consentedAt: new Date() } });
  const session = await db.baselineSession.create({
    data: { studyId, participantId: participant.id, videoId, status: "COMPLETED", signingKey: "k".repeat(32), finishedAt: new Date() },
  });
  for (const a of answers) {
    await db.answer.create({ data: { sessionId: session.id, itemId: a.itemId, answerKey: a.itemId, value: a.value as never, latencyMs: 1000, positionSec: 1 } });
  }
  await finishSession(session.id);
  return session.id;
}

const runOf = async (studyId: string) => {
  await refreshHumanRuns();
  return db.modelRun.findFirstOrThrow({ where: { source: `study:${studyId}` } });
};
const means = (aggregates: unknown) => (aggregates as { means: Record<string, { mean: number; n: number }> }).means;

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  rev = await createTestUser({ role: "REVIEWER", name: "Study Judge" });
});

describe(`judging study participants' answers (${testDb.provider})`, { timeout: 180_000 }, () => {
  it("VSAS: a participant's live response is graded per second; the study's score follows; participants' rows carry no verdict", async () => {
    const video = await ingestTestVideo(90);
    const project = await createProject("VSAS");
    await addMembers(project.id, rev);
    const captions = [0, 1, 2, 3].map((t) => ({ t, text: `caption ${t}` }));
    const [item] = await createItems(project.id, video.id, [{ externalId: "v-1", format: "caption", labels: { task_type: "Present" }, truth: captions }]);
    const { studyId } = await createOpenStudy(admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], { participantsPerVideo: null, completionCode: "DONE" });
    const timeline = [{ sec: 0, text: "a cup" }, { sec: 2, text: "a red cup" }];
    const sessionId = await completedSession(studyId, video.id, "P1", [{ itemId: item.id, value: { timeline } }]);
    const run = await runOf(studyId);
    expect(means(run.aggregates).accuracy).toBeUndefined();

    const page = await call(vsasGet, `/api/judge/runs/${run.id}/vsas`, { params: { runId: run.id }, as: rev });
    expect(page.status, page.text).toBe(200);
    expect(page.json.tasks).toHaveLength(1);
    const task = page.json.tasks[0];
    expect([task.itemId, task.sessionId, task.participant]).toEqual([item.id, sessionId, "participant 1"]);
    // Extrapolated: t=1 keeps "a cup", t=3 keeps "a red cup".
    expect(task.seconds.map((s: any) => s.response)).toEqual(["a cup", "a cup", "a red cup", "a red cup"]);

    const put = (json: unknown) => call(vsasPut, `/api/judge/runs/${run.id}/vsas`, { method: "PUT", json, params: { runId: run.id }, as: rev });
    const noSession = await put({ itemId: item.id, t: 0, binary: 1, rubric: 3 });
    expect([noSession.status, noSession.json.error?.details?.field]).toEqual([422, "sessionId"]);
    const wrongSession = await put({ itemId: item.id, sessionId: "nope", t: 0, binary: 1, rubric: 3 });
    expect([wrongSession.status, wrongSession.json.error?.details?.field]).toEqual([422, "sessionId"]);
    const verdicts = [[1, 3], [0, 1], [1, 2], [1, 2]];
    for (const [t, [binary, rubric]] of verdicts.entries()) {
      const res = await put({ itemId: item.id, sessionId, t, binary, rubric });
      expect(res.status, res.text).toBe(200);
      expect(res.json.subjectKey).toBe(`session:${sessionId}:t:${t}`);
    }
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: run.id } })).stale).toBe(true);
    expect(await rescoreStaleRuns({ projectId: project.id })).toContain(run.id);

    // A = (1 + 0 + 1 + 1) / 4; rubric mean (3 + 1 + 2 + 2) / 4.
    const after = await db.modelRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.stale).toBe(false);
    expect(means(after.aggregates).accuracy.mean).toBeCloseTo(0.75, 12);
    expect(means(after.aggregates).rubric_mean.mean).toBeCloseTo(2, 12);
    const session = await db.baselineSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect((session.scores as any).items[item.id].scores).toMatchObject({ accuracy: 0.75, rubric_mean: 2, n_judged: 4 });
    // The judge page shows the study's figures and the reviewer's verdicts.
    const again = await call(vsasGet, `/api/judge/runs/${run.id}/vsas`, { params: { runId: run.id }, as: rev });
    expect(again.json.score.metrics.accuracy).toBeCloseTo(0.75, 12);
    expect(again.json.tasks[0].seconds.map((s: any) => s.mine)).toEqual(verdicts.map(([binary, rubric]) => ({ binary, rubric })));
    // The queue list has the study's run with its seconds to judge.
    const queues = await call(queuesRoute, "/api/judge/queues", { as: rev });
    const listed = queues.json.projects.find((p: any) => p.id === project.id).runs.find((r: any) => r.id === run.id);
    expect(listed).toMatchObject({ total: 4, mine: 4 });
    // What a participant reads of their answers is the Answer row: no verdict or truth is stored there.
    const answers = await db.answer.findMany({ where: { sessionId } });
    expect(JSON.stringify(answers)).not.toMatch(/binary|rubric|caption/);
  });

  it("EC-Bench: a participant's enumeration answer is matched; the study's precision / recall use the matching", async () => {
    const video = await ingestTestVideo(60);
    const project = await createProject("ECBENCH");
    await addMembers(project.id, rev);
    const [item] = await createItems(project.id, video.id, [
      { externalId: "e-1", format: "enumeration", labels: { task_type: "Enumeration" }, presentation: { task_type: "Enumeration" }, truth: "fire truck, ambulance, police car" },
    ]);
    const { studyId } = await createOpenStudy(admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], { participantsPerVideo: null, completionCode: "DONE" });
    const sessionId = await completedSession(studyId, video.id, "P2", [{ itemId: item.id, value: { items: ["Fire engine", "ambulance", "bicycle"] } }]);
    const run = await runOf(studyId);
    // Automatic matching: only "ambulance" → precision 1/3, recall 1/3.
    expect(means(run.aggregates).precision.mean).toBeCloseTo(1 / 3, 12);

    const page = await call(ecGet, `/api/judge/runs/${run.id}/ec`, { params: { runId: run.id }, as: rev });
    expect(page.status, page.text).toBe(200);
    expect(page.json.items).toHaveLength(1);
    expect(page.json.items[0]).toMatchObject({ itemId: item.id, sessionId, participant: "participant 1", predicted: ["Fire engine", "ambulance", "bicycle"], truth: ["fire truck", "ambulance", "police car"], mine: null });

    const saved = await call(ecPut, `/api/judge/runs/${run.id}/ec`, { method: "PUT", json: { itemId: item.id, sessionId, matches: [{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }] }, params: { runId: run.id }, as: rev });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ subjectKey: `session:${sessionId}:match`, counts: { tp: 2, fp: 1, fn: 1 } });
    expect(await rescoreStaleRuns({ projectId: project.id })).toContain(run.id);
    // Judged: TP 2, FP 1, FN 1 → precision = recall = 2/3.
    const after = await db.modelRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(means(after.aggregates).precision.mean).toBeCloseTo(2 / 3, 12);
    expect(means(after.aggregates).recall.mean).toBeCloseTo(2 / 3, 12);
    const again = await call(ecGet, `/api/judge/runs/${run.id}/ec`, { params: { runId: run.id }, as: rev });
    expect(again.json.items[0].mine).toEqual([{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }]);
  });
});
