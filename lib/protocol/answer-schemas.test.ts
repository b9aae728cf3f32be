import { describe, expect, it } from "vitest";
import { answerSchemaFor, answerText } from "./answer-schemas";
import { participantQuestion } from "./participant-question";

const q = (format: string, presentation: unknown = {}, freeRewatch = false) =>
  participantQuestion({ format, question: "Q?", presentation }, { freeRewatch });

describe("answer forms per format", () => {
  it("a schema is built once per kind, options and flags, and never shared across different ones", () => {
    const four = q("mcq_4", { options: ["A", "B", "C", "D"].map((l) => ({ label: l, text: `opt ${l}` })) });
    const again = q("mcq_4", { options: ["A", "B", "C", "D"].map((l) => ({ label: l, text: `other ${l}` })) });
    const two = q("mcq", { options: ["A", "B"].map((l) => ({ label: l, text: `opt ${l}` })) });
    expect(answerSchemaFor(again)).toBe(answerSchemaFor(four));
    expect(answerSchemaFor(two)).not.toBe(answerSchemaFor(four));
    expect(answerSchemaFor(two).safeParse("C").success).toBe(false);
    expect(answerSchemaFor(four).safeParse("C").success).toBe(true);
    const signed = participantQuestion({ format: "count", question: "Q?", presentation: {}, subtype: "O1-Delta" }, { freeRewatch: false });
    expect(answerSchemaFor(signed).safeParse(-1).success).toBe(true);
    expect(answerSchemaFor(q("count")).safeParse(-1).success).toBe(false);
  });

  it("counts are integers (signed only for VCBench O1-Delta)", () => {
    const s = answerSchemaFor(participantQuestion({ format: "count", question: "Q?", presentation: {}, subtype: "O1-Delta" }, { freeRewatch: false }));
    expect(s.safeParse(-3).success).toBe(true);
    expect(answerSchemaFor(q("count")).safeParse(-3).success).toBe(false);
    expect(answerSchemaFor(q("count")).safeParse(3).success).toBe(true);
    expect(s.safeParse(2.5).success).toBe(false);
    expect(s.safeParse("3").success).toBe(false);
    expect(answerSchemaFor(q("numeric")).safeParse(-1).success).toBe(false);
  });

  it("MCQ letters, statement pairs, TOC buckets, orderings", () => {
    const mcq = q("mcq_4", { options: ["A", "B", "C", "D"].map((l) => ({ label: l, text: `opt ${l}` })) });
    expect(mcq.options.map((o) => o.label)).toEqual(["A", "B", "C", "D"]);
    expect(answerSchemaFor(mcq).safeParse("C").success).toBe(true);
    expect(answerSchemaFor(mcq).safeParse("E").success).toBe(false);
    expect(answerSchemaFor(q("sp", { statements: [{ label: "A", text: "x" }, { label: "B", text: "y" }] })).safeParse("B").success).toBe(true);
    expect(answerSchemaFor(q("numerical")).safeParse("5 or more").success).toBe(true);
    expect(answerSchemaFor(q("numerical")).safeParse("5").success).toBe(false);
    const ord = q("ordering_3", { events: [{ label: "A", text: "a" }, { label: "B", text: "b" }, { label: "C", text: "c" }] });
    expect(answerSchemaFor(ord).safeParse(["C", "A", "B"]).success).toBe(true);
    expect(answerSchemaFor(ord).safeParse(["C", "A", "A"]).success).toBe(false);
    expect(answerSchemaFor(ord).safeParse(["C", "A"]).success).toBe(false);
    expect(answerText("ordering", ["C", "A", "B"])).toBe("CAB");
  });

  it("EC-Bench counting / enumeration with evidence only under free rewatch", () => {
    expect(answerSchemaFor(q("counting", {}, true)).safeParse({ count: 2, evidence: [[1, 3]] }).success).toBe(true);
    expect(answerSchemaFor(q("counting", {}, false)).safeParse({ count: 2, evidence: [[1, 3]] }).success).toBe(false);
    expect(answerSchemaFor(q("counting", {}, true)).safeParse({ count: 2, evidence: [[3, 1]] }).success).toBe(false);
    const en = q("enumeration", { ordered: true }, true);
    expect(answerSchemaFor(en).safeParse({ items: ["cut", "fry"] }).success).toBe(true);
    expect(answerText("ec_enumeration", { items: ["cut", "fry"] }, true)).toBe("cut → fry");
  });

  it("VSAS live responses: increasing seconds", () => {
    const s = answerSchemaFor(q("caption"));
    expect(s.safeParse({ timeline: [{ sec: 0, text: "" }, { sec: 1, text: "a dog" }] }).success).toBe(true);
    expect(s.safeParse({ timeline: [{ sec: 1, text: "" }, { sec: 1, text: "x" }] }).success).toBe(false);
  });

  it("participant questions never carry unknown presentation fields", () => {
    const view = q("mcq_4", { options: [{ label: "A", text: "a", correct: true }], answer: "A", labels: { subtype: "x" } });
    expect(JSON.stringify(view)).not.toMatch(/correct|subtype|answer"/);
  });
});
