import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "@/lib/demo/seed-demo";
import { DEMO_DOUBLE_PROJECT_NAME, seedDemoDoubleReview } from "@/lib/demo/seed-double-review";
import { fromStoredAgreement } from "@/lib/review/stored-agreement";
import { ensureDemoVideos } from "@/lib/video/generate-demo-video";
import { getDemoVideo } from "@/lib/video/demo-videos";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { ingestVideo } from "@/lib/video-library/ingest-video";

let dir = "";

beforeAll(async () => {
  dir = await makeTempDir("playhead-double-seed-");
  const videos = await ensureDemoVideos(dir, ["cfr30", "vfr", "offset"].map(getDemoVideo));
  for (const v of videos) await ingestVideo({ file: v.file, mode: "copy" }, { displayName: v.spec.fileName, via: "import" });
}, 300_000);

afterAll(async () => {
  if (dir) await removeTempDir(dir);
});

describe("the demo double-review project", () => {
  it("two demo annotators submit through the real functions: 1 AGREED (truth auto-merged), 2 DISPUTED; idempotent", async () => {
    expect(DEMO_ACCOUNTS.find((a) => a.email === "annotator2@playhead.local")).toEqual({ email: "annotator2@playhead.local", name: "Abe Annotator", role: "ANNOTATOR" });
    await seedDemoAccounts(db, "demo-password-1");
    const first = await seedDemoDoubleReview(db);
    expect(first.submitted).toBe(6);
    const project = await db.project.findUniqueOrThrow({ where: { name: DEMO_DOUBLE_PROJECT_NAME } });
    const items = await db.item.count({ where: { projectId: project.id } });
    expect(await db.task.count({ where: { projectId: project.id, kind: "ANNOTATE" } })).toBe(2 * items);
    const byStatus = async () => (await db.adjudication.findMany({ where: { projectId: project.id, kind: "double" }, include: { item: { select: { externalId: true } } } })).map((a) => [a.item.externalId, a.status]).sort();
    expect(await byStatus()).toEqual([
      ["demo-cfr30-gone", "AGREED"],
      ["demo-offset-gone", "DISPUTED"],
      ["demo-vfr-gone", "DISPUTED"],
    ]);
    const agreed = await db.adjudication.findFirstOrThrow({ where: { projectId: project.id, status: "AGREED" } });
    const truth = await db.itemTruth.findUniqueOrThrow({ where: { itemId: agreed.itemId } });
    expect(truth.adjudicationId).toBe(agreed.id);
    const annotators = await db.user.findMany({ where: { email: { in: ["annotator@playhead.local", "annotator2@playhead.local"] } }, select: { id: true } });
    expect(fromStoredAgreement(agreed.agreement)!.annotators.sort()).toEqual(annotators.map((a) => a.id).sort());
    const reviewer = await db.user.findUniqueOrThrow({ where: { email: "reviewer@playhead.local" } });
    expect(await db.projectMember.findUnique({ where: { projectId_userId: { projectId: project.id, userId: reviewer.id } } })).toMatchObject({ role: "REVIEWER" });

    // Time on task was reported as a workspace does: each submitted pass 40-95 s, the stored figure
    // the length of its TaskActivity intervals (what the Agreement tab's throughput reads).
    const submitted = await db.task.findMany({ where: { projectId: project.id, status: "SUBMITTED" }, select: { timeSpentMs: true, activity: { select: { startAt: true, endAt: true } } } });
    expect(submitted).toHaveLength(6);
    for (const t of submitted) {
      expect(t.timeSpentMs).toBeGreaterThanOrEqual(40_000);
      expect(t.timeSpentMs).toBeLessThan(95_000);
      expect(t.activity.reduce((n, a) => n + a.endAt.getTime() - a.startAt.getTime(), 0)).toBe(t.timeSpentMs);
    }

    const again = await seedDemoDoubleReview(db);
    expect(again).toMatchObject({ created: 0, submitted: 0 });
    expect(await byStatus()).toHaveLength(3);
  }, 120_000);
});
