import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetPlans, loadPlan, loadPlans } from "@/lib/protocol/load-plan";
import { createItems, createOpenStudy, createProject, ingestTestVideo } from "./baseline-fixtures";
import { createTestUser } from "./support/users";

/**
 * The plan of a study's video is read once however many participants ask at once (a launch),
 * and `loadPlans` gives every session's plan or its error in one call (the study results page).
 */
const ctx = {} as { studyId: string; v1: string; v2: string };

describe("loadPlan / loadPlans", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const v1 = await ingestTestVideo(60);
    const v2 = await ingestTestVideo(45);
    const project = await createProject("TOCBENCH");
    const opts = ["A", "B", "C", "D"].map((l) => ({ label: l, text: `option ${l}` }));
    const [q1, q2] = await createItems(project.id, v1.id, [
      { externalId: "q1", format: "mcq_4", presentation: { options: opts }, truth: "B" },
      { externalId: "q2", format: "mcq_4", presentation: { options: opts }, truth: "C" },
    ]);
    const [q3] = await createItems(project.id, v2.id, [{ externalId: "q3", format: "mcq_4", presentation: { options: opts }, truth: "A" }]);
    const { studyId } = await createOpenStudy(admin, project.id, "FREE_REWATCH", [{ itemId: q1.id }, { itemId: q2.id }, { itemId: q3.id }]);
    Object.assign(ctx, { studyId, v1: v1.id, v2: v2.id });
  });

  it("hundreds of simultaneous asks for one video's plan share one read", async () => {
    forgetPlans(ctx.studyId);
    const plans = await Promise.all(Array.from({ length: 200 }, () => loadPlan(ctx.studyId, ctx.v1, "FREE_REWATCH")));
    // One read builds one object: every caller holds the very same plan.
    expect(new Set(plans).size).toBe(1);
    expect(plans[0].plan.asks.length).toBe(2);
    // Cached: a later call returns it without reading again.
    expect(await loadPlan(ctx.studyId, ctx.v1, "FREE_REWATCH")).toBe(plans[0]);
  });

  it("a read that began before forgetPlans is not kept: the next call reads again", async () => {
    forgetPlans(ctx.studyId);
    const pending = loadPlan(ctx.studyId, ctx.v1, "FREE_REWATCH");
    forgetPlans(ctx.studyId);
    const first = await pending;
    const again = await loadPlan(ctx.studyId, ctx.v1, "FREE_REWATCH");
    expect(again).not.toBe(first);
    expect(again.plan.asks.length).toBe(first.plan.asks.length);
  });

  it("loadPlans: each video's plan, or the error loadPlan would throw (unknown video; a streaming study's unsegmented video)", async () => {
    forgetPlans(ctx.studyId);
    const out = await loadPlans(ctx.studyId, [ctx.v1, ctx.v2, ctx.v1, "no-such-video"], "FREE_REWATCH");
    expect([...out.keys()].sort()).toEqual([ctx.v1, ctx.v2, "no-such-video"].sort());
    expect((out.get(ctx.v1) as { plan: { asks: unknown[] } }).plan.asks.length).toBe(2);
    expect((out.get(ctx.v2) as { plan: { asks: unknown[] } }).plan.asks.length).toBe(1);
    expect(out.get("no-such-video")).toBeInstanceOf(Error);
    await expect(loadPlan(ctx.studyId, "no-such-video", "FREE_REWATCH")).rejects.toThrow(/no-such-video/);
    const streaming = await loadPlans(ctx.studyId, [ctx.v1], "STREAMING");
    expect(streaming.get(ctx.v1)).toBeInstanceOf(Error);
    expect(String(streaming.get(ctx.v1))).toMatch(/not segmented/);
    expect(await db.video.count({ where: { id: { in: [ctx.v1, ctx.v2] } } })).toBe(2);
  });
});
