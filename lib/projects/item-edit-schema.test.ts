import { describe, expect, it } from "vitest";
import { itemEditSchema, truthShapeIssues } from "./item-edit-schema";

describe("item edit body", () => {
  it("needs a version and at least one change", () => {
    expect(itemEditSchema.safeParse({ question: "x" }).success).toBe(false);
    expect(itemEditSchema.safeParse({ version: 1 }).success).toBe(false);
    expect(itemEditSchema.safeParse({ version: 1, reason: "why" }).success).toBe(false);
    expect(itemEditSchema.safeParse({ version: 2, notes: "" }).success).toBe(true);
  });

  it("names the bad fields", () => {
    const r = itemEditSchema.safeParse({ version: 1, spans: [{ startSec: 5, endSec: 1 }], queryPoints: [1, -2], labels: { "a b": "x" }, extra: 1 });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["queryPoints.1", "labels.a b", ""]));
    const spans = itemEditSchema.safeParse({ version: 1, spans: [{ startSec: 1, endSec: 2 }, { startSec: 5, endSec: 1 }] });
    expect(spans.error!.issues.map((i) => i.path.join("."))).toEqual(["spans.1.endSec"]);
  });
});

describe("truth shapes per native format", () => {
  const none = { queryPoints: 0, presentation: {} };
  it("VCBench counts: one whole number per query point", () => {
    expect(truthShapeIssues("count", [1, 2, 3], { ...none, queryPoints: 3 })).toEqual([]);
    expect(truthShapeIssues("count", [1, 2], { ...none, queryPoints: 3 })[0].message).toMatch(/3 counts/);
    expect(truthShapeIssues("count", [1, 2.5, 3], { ...none, queryPoints: 3 })).toHaveLength(1);
  });
  it("TOC-Bench letters, numerical buckets and orderings", () => {
    const mcq = { ...none, presentation: { options: [{ label: "A" }, { label: "B" }, { label: "C" }, { label: "D" }] } };
    expect(truthShapeIssues("mcq_4", "C", mcq)).toEqual([]);
    expect(truthShapeIssues("mcq_4", "E", mcq)).toHaveLength(1);
    expect(truthShapeIssues("sp", "B", none)).toEqual([]);
    expect(truthShapeIssues("numerical", "5 or more", { ...none, presentation: { allowed_answers: ["2", "3", "4", "5 or more"] } })).toEqual([]);
    expect(truthShapeIssues("numerical", "7", { ...none, presentation: { allowed_answers: ["2", "3", "4", "5 or more"] } })).toHaveLength(1);
    const events = { ...none, presentation: { events: [{ label: "X" }, { label: "Y" }, { label: "Z" }] } };
    expect(truthShapeIssues("ordering_3", ["Z", "X", "Y"], events)).toEqual([]);
    expect(truthShapeIssues("ordering_3", ["Z", "X", "X"], events)).toHaveLength(1);
  });
  it("VSTAT numbers, EC-Bench text, VSAS captions, custom anything", () => {
    expect(truthShapeIssues("numeric", -3, none)).toEqual([]);
    expect(truthShapeIssues("numeric", "4", none)).toEqual([]);
    expect(truthShapeIssues("numeric", 2.5, none)).toHaveLength(1);
    expect(truthShapeIssues("enumeration", "a, b", none)).toEqual([]);
    expect(truthShapeIssues("counting", "", none)).toHaveLength(1);
    expect(truthShapeIssues("caption", [{ t: 0, text: "x" }], none)).toEqual([]);
    expect(truthShapeIssues("caption", ["x"], none)).toHaveLength(1);
    expect(truthShapeIssues("whatever", { any: 1 }, none)).toEqual([]);
  });
});
