import { describe, expect, it } from "vitest";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { summarizeChanges } from "./summarize-changes";

const doc = (d: Record<string, unknown>) => annotationDocumentSchema.parse({ v: 1, ...d }) as AnnotationDocument;
const m = (id: string, frame: number) => ({ id, at: { frame, sec: frame / 30 } });

describe("summarizeChanges", () => {
  it("counts added, removed and changed entries by id, and names edited fields", () => {
    const a = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("a", 1), m("b", 2), m("c", 3)] });
    const b = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("a", 1), m("b", 5), m("d", 4), m("e", 6)], notes: "hard one" });
    expect(summarizeChanges(a, b)).toBe("+2 moments; −1 moment; 1 moment changed; notes edited");
    expect(summarizeChanges(a, a)).toBe("no changes");
    expect(summarizeChanges(null, a)).toBe("started");
  });

  it("ignores key order (PostgreSQL jsonb returns keys reordered) and reports reordering", () => {
    const a = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("a", 1), m("b", 2)] });
    const shuffled = JSON.parse(JSON.stringify({ ...a, moments: a.benchmark === "VCBENCH" ? a.moments.map((x) => ({ comment: x.comment, label: x.label, at: { sec: x.at.sec, frame: x.at.frame }, id: x.id })) : [] }));
    expect(summarizeChanges(shuffled, a)).toBe("no changes");
    const swapped = doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [m("b", 2), m("a", 1)] });
    expect(summarizeChanges(a, swapped)).toBe("moments reordered");
  });

  it("scalar decisions", () => {
    expect(summarizeChanges(doc({ benchmark: "TOCBENCH" }), doc({ benchmark: "TOCBENCH", decision: "remove", removalReason: "mismatch" }))).toBe("decision set to remove; removal reason set to mismatch");
    expect(summarizeChanges(doc({ benchmark: "VSAS", captions: [{ second: 1, text: "a" }] }), doc({ benchmark: "VSAS", captions: [{ second: 1, text: "b" }] }))).toBe("1 caption changed");
  });
});
