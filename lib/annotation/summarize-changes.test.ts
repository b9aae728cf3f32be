import { describe, expect, it } from "vitest";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { summarizeChanges } from "./summarize-changes";

const doc = (d: Record<string, unknown>) => annotationDocumentSchema.parse({ v: 1, ...d }) as AnnotationDocument;
const m = (id: string, frame: number) => ({ id, at: { frame, sec: frame / 30 } });

describe("summarizeChanges", () => {
  it("counts added, removed and changed entries by id, named as the panel names them, and names edited fields", () => {
    const a = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("a", 1), m("b", 2), m("c", 3)] });
    const b = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("a", 1), m("b", 5), m("d", 4), m("e", 6)], notes: "hard one" });
    expect(summarizeChanges(a, b)).toBe("+2 occurrences; −1 occurrence; 1 occurrence changed; notes edited");
    expect(summarizeChanges(a, a)).toBe("no changes");
    expect(summarizeChanges(null, a)).toBe("started");
  });

  it("ignores key order (PostgreSQL jsonb returns keys reordered) and reports a list put in time order", () => {
    const a = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("a", 1), m("b", 2)] });
    const shuffled = JSON.parse(JSON.stringify({ ...a, moments: a.benchmark === "VCBENCH" ? a.moments.map((x) => ({ comment: x.comment, label: x.label, at: { sec: x.at.sec, frame: x.at.frame }, id: x.id })) : [] }));
    expect(summarizeChanges(shuffled, a)).toBe("no changes");
    const swapped = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("b", 2), m("a", 1)] });
    expect(summarizeChanges(a, swapped)).toBe("occurrences put in time order");
  });

  it("decisions and values as the panel shows them, never internal values; implied flags are not a change of their own", () => {
    expect(summarizeChanges(doc({ benchmark: "TOCBENCH" }), doc({ benchmark: "TOCBENCH", decision: "remove", removalReason: "mismatch" }))).toBe(
      "decision set to Remove; removal reason set to Mismatch between question and video",
    );
    expect(summarizeChanges(doc({ benchmark: "ECBENCH" }), doc({ benchmark: "ECBENCH", feasible: true, answer: "2", answerRevised: true }))).toBe("feasibility set to answerable; answer set to 2");
    expect(summarizeChanges(doc({ benchmark: "VSTAT" }), doc({ benchmark: "VSTAT", stateElement: "location", challenges: ["occlusion", "camera_motion"] }))).toBe("state element set to Location; +Occlusion, Camera motion");
    expect(summarizeChanges(doc({ benchmark: "ECBENCH", evidence: [] }), doc({ benchmark: "ECBENCH", evidence: [{ id: "e", start: { frame: 0, sec: 0 }, end: null }] }))).toBe("+1 clip");
    expect(summarizeChanges(doc({ benchmark: "VSAS", captions: [{ second: 1, text: "a" }] }), doc({ benchmark: "VSAS", captions: [{ second: 1, text: "b" }] }))).toBe("1 caption changed");
  });
});
