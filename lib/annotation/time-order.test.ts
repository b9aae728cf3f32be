import { describe, expect, it } from "vitest";
import type { EcbenchDocument, VcbenchDocument } from "./document";
import { inTimeOrder } from "./time-order";

const t = (frame: number) => ({ frame, sec: frame / 30 });
const vc = (patch: Partial<VcbenchDocument>): VcbenchDocument => ({ benchmark: "VCBENCH", v: 1, subtype: "E2-Periodic", moments: [], occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, queryPoints: [], notes: "", ...patch });

describe("inTimeOrder", () => {
  it("sorts every timed list (stable), splits inside their cycle, and returns the same object when in order", () => {
    const d = vc({
      moments: [{ id: "b", at: t(50), label: "", comment: "" }, { id: "a", at: t(10), label: "", comment: "" }, { id: "c", at: t(50), label: "", comment: "" }],
      occurrences: [
        { id: "o2", start: t(100), end: t(150), label: "", comment: "", splits: [] },
        { id: "o1", start: t(10), end: t(90), label: "", comment: "", splits: [{ id: "s2", at: t(60), label: "", comment: "" }, { id: "s1", at: t(20), label: "", comment: "" }] },
      ],
      identities: [{ id: "y", key: "#2", note: "", firstAppearance: t(40) }, { id: "x", key: "#1", note: "", firstAppearance: t(5) }],
      queryPoints: [{ id: "q2", at: t(200), count: null }, { id: "q1", at: t(100), count: 3 }],
    });
    const s = inTimeOrder(d) as VcbenchDocument;
    expect(s.moments.map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(s.occurrences.map((o) => o.id)).toEqual(["o1", "o2"]);
    expect(s.occurrences[0].splits.map((x) => x.id)).toEqual(["s1", "s2"]);
    expect(s.identities.map((x) => x.id)).toEqual(["x", "y"]);
    expect(s.queryPoints.map((q) => q.id)).toEqual(["q1", "q2"]);
    expect(inTimeOrder(s)).toBe(s);
  });

  it("EC-Bench clips by start; an end before the start becomes the start (never reversed)", () => {
    const ec: EcbenchDocument = {
      benchmark: "ECBENCH",
      v: 1,
      feasible: true,
      invalidReason: "",
      answer: "1",
      answerRevised: false,
      notes: "",
      evidence: [
        { id: "late", start: t(120), end: t(180), label: "", comment: "" },
        { id: "new", start: t(0), end: null, label: "", comment: "" },
        { id: "rev", start: t(90), end: t(60), label: "", comment: "" },
      ],
    };
    const s = inTimeOrder(ec) as EcbenchDocument;
    expect(s.evidence.map((x) => [x.id, x.start.frame, x.end?.frame ?? null])).toEqual([
      ["new", 0, null],
      ["rev", 90, 90],
      ["late", 120, 180],
    ]);
  });
});
