import { describe, expect, it } from "vitest";
import { defaultWorkflowSettings, mergeWorkflowSettings, parseWorkflowSettings, workflowUpdateProblems, workflowUpdateSchema } from "./workflow-settings";

describe("workflow settings", () => {
  it("defaults per benchmark: VCBench blank, the others prefill; every task kind; one annotation per item", () => {
    expect(defaultWorkflowSettings("VCBENCH")).toEqual({ activities: ["events", "identities", "counts", "query_points"], mode: "blank", annotationsPerItem: 1, annotatorIds: null, expertSamplePercent: 0 });
    for (const k of ["ECBENCH", "TOCBENCH", "VSTAT", "VSAS"]) expect(defaultWorkflowSettings(k).mode).toBe("prefill");
  });

  it("reads stored JSON key by key (a broken key gets its default) and keeps other settings on update", () => {
    expect(parseWorkflowSettings({ workflow: { mode: "nonsense", annotationsPerItem: 2, activities: ["evidence", "bogus"] } }, "ECBENCH")).toEqual({
      activities: ["evidence"],
      mode: "prefill",
      annotationsPerItem: 2,
      annotatorIds: null,
      expertSamplePercent: 0,
    });
    const merged = mergeWorkflowSettings({ native: { fileKind: "x" }, qualificationKappa: 0.9 }, "TOCBENCH", { mode: "blank" });
    expect(merged).toMatchObject({ native: { fileKind: "x" }, qualificationKappa: 0.9, workflow: { mode: "blank", activities: ["qa_verification"] } });
  });

  it("expert sample percentage: stored as review.expertSamplePercent, 0-100 with at most 2 decimals", () => {
    const merged = mergeWorkflowSettings({ review: { other: 1 } }, "VCBENCH", { expertSamplePercent: 12.5, annotationsPerItem: 2 });
    expect(merged).toMatchObject({ review: { other: 1, expertSamplePercent: 12.5 }, workflow: { annotationsPerItem: 2 } });
    expect((merged.workflow as Record<string, unknown>).expertSamplePercent).toBeUndefined();
    expect(parseWorkflowSettings(merged, "VCBENCH").expertSamplePercent).toBe(12.5);
    expect(parseWorkflowSettings({ review: { expertSamplePercent: 101 } }, "VCBENCH").expertSamplePercent).toBe(0);
    for (const bad of [-1, 100.5, 1.234, "5"]) expect(workflowUpdateSchema.safeParse({ expertSamplePercent: bad }).success).toBe(false);
  });

  it("refuses unknown task kinds for the benchmark, repeats, more than 5 annotations per item, empty updates", () => {
    expect(workflowUpdateProblems("VSTAT", { activities: ["taxonomy", "evidence", "taxonomy"] }).map((p) => p.field)).toEqual(["activities.1", "activities.2"]);
    expect(workflowUpdateSchema.safeParse({ annotationsPerItem: 3 }).success).toBe(true);
    expect(workflowUpdateSchema.safeParse({ annotationsPerItem: 6 }).success).toBe(false);
    expect(workflowUpdateSchema.safeParse({}).success).toBe(false);
    expect(workflowUpdateSchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
