import { describe, expect, it } from "vitest";
import { vcbenchDocumentSchema, type VcbenchDocument } from "./document";
import {
  addIdentity,
  addMoment,
  addQueryPoint,
  addSplit,
  duplicateIdentityKeys,
  nextIdentityKey,
  openOccurrence,
  patchOccurrence,
  queryPointAtWindowEnd,
  removeById,
  setWindowEdge,
  startOccurrence,
} from "./vcbench-edits";
import { computeVcbenchAnswers } from "./vcbench-answers";
import { inTimeOrder } from "./time-order";

const at = (frame: number) => ({ frame, sec: frame / 25 });
const empty = (subtype: VcbenchDocument["subtype"]): VcbenchDocument => vcbenchDocumentSchema.parse({ benchmark: "VCBENCH", v: 1, subtype });

describe("vcbench edits", () => {
  it("E1: moments appended, put in time order by the store's normaliser; answers follow t <= q", () => {
    let d = empty("E1-Action");
    d = addMoment(d, at(100), "m1");
    d = addMoment(d, at(50), "m2");
    d = addQueryPoint(addQueryPoint(d, at(75), "q1"), at(100), "q2");
    expect(d.moments.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(computeVcbenchAnswers(d).map((a) => a.answer)).toEqual([1, 2]);
    expect((inTimeOrder(d) as VcbenchDocument).moments.map((m) => m.id)).toEqual(["m2", "m1"]);
    const e = removeById(d, "m2");
    expect(computeVcbenchAnswers(e).map((a) => a.answer)).toEqual([0, 1]);
    expect(d.moments).toHaveLength(2);
  });

  it("E2: start, then end the open occurrence; split points inside", () => {
    let d = startOccurrence(empty("E2-Periodic"), at(10), "o1");
    expect(openOccurrence(d)?.id).toBe("o1");
    d = patchOccurrence(d, "o1", { end: at(60) });
    expect(openOccurrence(d)).toBeNull();
    d = addSplit(d, "o1", at(30));
    expect(d.occurrences[0].splits.map((s) => s.at.frame)).toEqual([30]);
  });

  it("O2: identity keys count up and duplicates are found", () => {
    let d = addIdentity(empty("O2-Unique"), at(5), "a");
    d = addIdentity(d, at(9), "b");
    expect(d.identities.map((x) => x.key)).toEqual(["#1", "#2"]);
    expect(nextIdentityKey([{ id: "x", key: "#7", note: "", firstAppearance: at(0) }])).toBe("#8");
    expect(nextIdentityKey([{ id: "x", key: "red shirt", note: "", firstAppearance: at(0) }])).toBe("#2");
    const dup = duplicateIdentityKeys([
      { id: "a", key: "Red shirt", note: "", firstAppearance: at(0) },
      { id: "b", key: " red shirt ", note: "", firstAppearance: at(1) },
    ]);
    expect([...dup.entries()]).toEqual([["b", "Red shirt"]]);
  });

  it("window subtypes: the single query point goes to the window end", () => {
    let d = setWindowEdge(empty("O2-Gain"), "start", at(25));
    d = setWindowEdge(d, "end", at(250));
    d = addQueryPoint(d, at(100), "q1");
    d = queryPointAtWindowEnd(d);
    expect(d.queryPoints).toEqual([{ id: "q1", at: at(250), count: null }]);
    d = addIdentity(addIdentity(addIdentity(d, at(10)), at(30)), at(250));
    expect(computeVcbenchAnswers(d)[0].answer).toBe(2);
  });
});

describe("identityKeyProblem", () => {
  const ids = [
    { id: "a", key: "yellow circle", note: "", firstAppearance: { frame: 0, sec: 0 } },
    { id: "b", key: "#2", note: "", firstAppearance: { frame: 1, sec: 0.04 } },
  ];
  it("refuses empty keys and keys another individual uses (case and spaces ignored); its own key is fine", async () => {
    const { identityKeyProblem } = await import("./vcbench-edits");
    expect(identityKeyProblem(ids, "b", " Yellow Circle ")).toBe('"yellow circle" is already used by another individual');
    expect(identityKeyProblem(ids, "b", "  ")).toBe("must not be empty");
    expect(identityKeyProblem(ids, "a", "Yellow circle")).toBeNull();
    expect(identityKeyProblem(ids, "b", "green box")).toBeNull();
  });
});
