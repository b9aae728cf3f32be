import { describe, expect, it } from "vitest";
import { answerHint } from "./answer-hint";
import { answerSchemaFor } from "./answer-schemas";
import { participantQuestion } from "./participant-question";

const q = (format: string, presentation: unknown = {}, subtype?: string, freeRewatch = false) =>
  participantQuestion({ format, question: "Q?", presentation, subtype }, { freeRewatch });

describe("answer hints come from the item's answer type", () => {
  it("says 'negative if it decreased' only where a negative answer is valid (VCBench O1-Delta, signed numbers)", () => {
    const delta = q("count", { answer_type: "integer" }, "O1-Delta");
    expect(delta.allowNegative).toBe(true);
    expect(answerHint(delta)).toBe("a whole number, negative if it decreased");
    expect(answerSchemaFor(delta).safeParse(-2).success).toBe(true);
    for (const subtype of ["O1-Snap", "O2-Unique", "O2-Gain", "E1-Transit", "E2-Periodic", undefined]) {
      const count = q("count", { answer_type: "integer" }, subtype);
      expect(count.allowNegative, String(subtype)).toBe(false);
      expect(answerHint(count)).toBe("a whole number, 0 or more");
      expect(answerHint(count)).not.toMatch(/negative/);
      expect(answerSchemaFor(count).safeParse(-2).success).toBe(false);
    }
    expect(answerHint(q("numeric", { signed: true }))).toBe("a whole number, negative if it decreased");
    expect(answerHint(q("numeric", {}))).toBe("a whole number, 0 or more");
  });

  it("names the choices, the number of events and the list rule of each form", () => {
    expect(answerHint(q("mcq_4", { options: ["a", "b", "c", "d"] }))).toBe("choose one answer: A, B, C or D");
    expect(answerHint(q("sp", { statements: { A: "x", B: "y" } }))).toBe("choose the true statement: A or B");
    expect(answerHint(q("numerical"))).toBe("choose how many: 2, 3, 4 or 5 or more");
    expect(answerHint(q("ordering_3", { events: ["x", "y", "z"] }))).toBe("put all 3 events in the order they happen, first at the top");
    expect(answerHint(q("enumeration", { ordered: true }))).toMatch(/in the order they happen/);
    expect(answerHint(q("enumeration", {}))).toMatch(/in any order/);
    expect(answerHint(q("counting", {}, undefined, true))).toMatch(/evidence/);
    expect(answerHint(q("counting", {}, undefined, false))).toBe("a whole number, 0 or more");
    expect(answerHint(q("caption"))).toMatch(/recorded every second/);
    expect(answerHint(q("open"))).toBe("a short text answer");
  });
});
