import { describe, expect, it } from "vitest";
import type { EcbenchDocument, VcbenchDocument, VsasDocument } from "./document";
import { describeDocument } from "./describe-document";
import { fieldName, spanText, timeText } from "./entity-names";

const t = (frame: number) => ({ frame, sec: frame / 30 });
const vc = (patch: Partial<VcbenchDocument>): VcbenchDocument => ({ benchmark: "VCBENCH", v: 1, subtype: "E2-Periodic", moments: [], occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, queryPoints: [], notes: "", ...patch });
const ec: EcbenchDocument = { benchmark: "ECBENCH", v: 1, feasible: true, invalidReason: "", answer: "2", answerRevised: true, notes: "", evidence: [{ id: "e", start: t(120), end: t(270), label: "dog", comment: "" }] };

describe("names and units of the panels", () => {
  it("document paths in the panel's words, 1-based", () => {
    const d = vc({ identities: [{ id: "x", key: "red shirt", note: "", firstAppearance: t(3) }] });
    expect(fieldName(d, "queryPoints[5].at")).toBe("Query point 6 time");
    expect(fieldName(d, "occurrences[1].splits[0].at.frame")).toBe("Split point 1 of cycle 2 time");
    expect(fieldName(d, "identities[0].key")).toBe("Individual red shirt id");
    expect(fieldName(d, "countAtStart")).toBe("Count at the window start");
    expect(fieldName(ec, "evidence[0].end.sec")).toBe("Clip 1 end");
    expect(fieldName(ec, "data.removalNote")).toBe("Removal note");
    const vsas: VsasDocument = { benchmark: "VSAS", v: 1, captions: [{ second: 7, text: "", corrected: false, inconsistentWith: null, note: "" }], notes: "" };
    expect(fieldName(vsas, "captions[0].text")).toBe("Second 7 text");
  });

  it("times as each panel shows them: EC-Bench whole seconds, VCBench clock and frame", () => {
    expect(timeText(ec, t(120))).toBe("4 s");
    expect(spanText(ec, t(120), t(270))).toBe("4 s–9 s");
    expect(timeText(vc({}), t(45))).toBe("0:01.500 (frame 45)");
    expect(spanText(vc({}), t(30), null)).toBe("0:01.000–open (from frame 30)");
  });

  it("a document as lines for the conflict dialog: no raw field names or internal values", () => {
    expect(describeDocument(ec)).toEqual(["Feasibility: answerable from the video", "Answer: 2 (revised)", "Clip 1: 4 s–9 s — dog"]);
    const lines = describeDocument(vc({ subtype: "O1-Snap", queryPoints: [{ id: "q", at: t(60), count: null }, { id: "r", at: t(90), count: 1 }], notes: "hm" }));
    expect(lines).toEqual(["Query point 1: 0:02.000 (frame 60), count not entered", "Query point 2: 0:03.000 (frame 90), count 1", "Notes: hm"]);
  });
});
