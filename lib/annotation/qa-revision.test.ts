import { describe, expect, it } from "vitest";
import { choicesOf, effectiveQa, moveInOrder, qaItemIssues, withChoiceText, withRevisedFields, type QaOriginal } from "./qa-revision";

const mcq: QaOriginal = {
  question: "Which object is left of the cup at the end?",
  presentation: { options: [{ label: "A", text: "a spoon" }, { label: "B", text: "a fork" }, { label: "C", text: "a knife" }, { label: "D", text: "a plate" }] },
  answer: "B",
};

describe("withRevisedFields", () => {
  it("stores only what differs from the original; editing back removes it; nothing left is null", () => {
    const r1 = withRevisedFields(null, mcq, { question: "Which object is to the left of the cup at the end?" });
    expect(r1).toEqual({ question: "Which object is to the left of the cup at the end?" });
    const r2 = withRevisedFields(r1, mcq, { answer: "C" });
    expect(r2).toEqual({ question: "Which object is to the left of the cup at the end?", answer: "C" });
    const r3 = withRevisedFields(r2, mcq, { question: mcq.question, answer: "B" });
    expect(r3).toBeNull();
  });

  it("keeps presentation keys that differ only", () => {
    const options = withChoiceText(mcq.presentation, "options", 2, "a butter knife");
    const r = withRevisedFields(null, mcq, { presentation: { options } });
    expect(r?.presentation?.options).toEqual([{ label: "A", text: "a spoon" }, { label: "B", text: "a fork" }, { label: "C", text: "a butter knife" }, { label: "D", text: "a plate" }]);
    expect(withRevisedFields(r, mcq, { presentation: { options: withChoiceText(mcq.presentation, "options", 2, "a knife") } })).toBeNull();
    expect((mcq.presentation.options as { text: string }[])[2].text).toBe("a knife");
  });

  it("an answer revised to a falsy value (0) is kept", () => {
    const numeric: QaOriginal = { question: "How many?", presentation: { answer_type: "signed_integer" }, answer: 3 };
    expect(withRevisedFields(null, numeric, { answer: 0 })).toEqual({ answer: 0 });
  });
});

describe("effectiveQa and qaItemIssues", () => {
  it("applies the revision on top of the original", () => {
    const eff = effectiveQa(mcq, { answer: "D", presentation: { options: withChoiceText(mcq.presentation, "options", 0, "a fork") } });
    expect(eff.answer).toBe("D");
    expect(choicesOf(eff.presentation)?.choices[0]).toEqual({ label: "A", text: "a fork" });
    // duplicated option texts are named by field
    expect(qaItemIssues(eff, "mcq_4")).toEqual([{ field: "revision.presentation.options[1]", message: "B repeats A" }]);
  });

  it("checks labels, allowed answers, orderings and numeric answers", () => {
    expect(qaItemIssues({ ...mcq, answer: "E" }, "mcq_4")).toEqual([{ field: "revision.answer", message: "the label must be one of A, B, C, D" }]);
    const numerical: QaOriginal = { question: "How many times?", presentation: { allowed_answers: ["2", "3", "4", "5 or more"] }, answer: "6" };
    expect(qaItemIssues(numerical, "numerical")[0].message).toBe("the label must be one of the allowed answers (2, 3, 4, 5 or more)");
    const ordering: QaOriginal = { question: "Order", presentation: { events: [{ label: "A", text: "x" }, { label: "B", text: "y" }, { label: "C", text: "z" }] }, answer: ["B", "A", "C"] };
    expect(qaItemIssues(ordering, "ordering_3")).toEqual([]);
    expect(qaItemIssues({ ...ordering, answer: ["B", "B", "C"] }, "ordering_3")[0].field).toBe("revision.answer");
    expect(qaItemIssues({ question: "q", presentation: {}, answer: "x" }, "numeric")).toEqual([{ field: "revision.answer", message: "the answer must be a number" }]);
    expect(qaItemIssues({ question: " ", presentation: {}, answer: -2 }, "numeric")).toEqual([{ field: "revision.question", message: "the question is empty" }]);
  });

  it("moves an entry in an order", () => {
    expect(moveInOrder(["A", "B", "C"], 2, -1)).toEqual(["A", "C", "B"]);
    expect(moveInOrder(["A", "B", "C"], 0, -1)).toEqual(["A", "B", "C"]);
  });
});
