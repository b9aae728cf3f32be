import { describe, expect, it } from "vitest";
import type { PtsTable } from "@/lib/video/pts-table";
import { annotationDocumentSchema } from "./document";
import { initialDocument, type InitialDocumentInput } from "./initial-document";
import { videoTimingOf } from "./video-timing";

const table: PtsTable = { timeBase: { num: 1, den: 30 }, pts: Array.from({ length: 300 }, (_, i) => i), endPts: 300 };
const timing = videoTimingOf(table);
const base: InitialDocumentInput = { benchmark: "VCBENCH", labels: { subtype: "E1-Action" }, presentation: {}, queryPoints: [{ timeSec: 2 }, { timeSec: 5.5 }], truth: null, truthSpans: [], timing };

describe("initialDocument", () => {
  it("blank: the item's query points (no counts), nothing from the truth; the result is a valid document", () => {
    const d = initialDocument(base)!;
    expect(annotationDocumentSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [], queryPoints: [{ at: { frame: 60, sec: 2 }, count: null }, { at: { frame: 165, sec: 5.5 } }] });
  });

  it("prefill: marks from occurrence_times, frames from the PTS table", () => {
    const e1 = initialDocument({ ...base, truth: { answer: [1, 2], source: { occurrence_times: [1.5, 4] } } })!;
    expect(e1.benchmark === "VCBENCH" && e1.moments.map((m) => m.at)).toEqual([{ frame: 45, sec: 1.5 }, { frame: 120, sec: 4 }]);
    const e2 = initialDocument({ ...base, labels: { subtype: "E2-Episode" }, truth: { answer: [0, 1], source: { occurrence_times: { start: [1, 3], end: [2, 4] } } } })!;
    expect(e2.benchmark === "VCBENCH" && e2.occurrences.map((o) => [o.start.frame, o.end?.frame])).toEqual([[30, 60], [90, 120]]);
    const snap = initialDocument({ ...base, labels: { subtype: "O1-Snap" }, truth: { answer: [3, 4], source: {} } })!;
    expect(snap.benchmark === "VCBENCH" && snap.queryPoints.map((q) => q.count)).toEqual([3, 4]);
  });

  it("EC-Bench prefill: the answer and the evidence clips; VSAS: the captions per second; VSTAT: the item's labels", () => {
    const ec = initialDocument({ ...base, benchmark: "ECBENCH", labels: {}, truth: { answer: "4", source: {} }, truthSpans: [{ startSec: 1, endSec: 3 }] })!;
    expect(ec).toMatchObject({ answer: "4", evidence: [{ start: { frame: 30 }, end: { frame: 90 } }] });
    const vsas = initialDocument({ ...base, benchmark: "VSAS", labels: {}, presentation: { fps: 1 }, truth: { answer: [{ t: 0, text: "a" }, { t: 2, text: "b" }], source: {} } })!;
    expect(vsas).toMatchObject({ captions: [{ second: 0, text: "a" }, { second: 2, text: "b" }] });
    const vstat = initialDocument({ ...base, benchmark: "VSTAT", labels: { state_element: "Count", state_structure: "atomic", perceptual_challenges: ["camera motion", "nonsense"] } })!;
    expect(vstat).toMatchObject({ stateElement: "count", stateStructure: "atomic", challenges: ["camera_motion"] });
  });

  it("no document for an item without a VCBench subtype or a custom project", () => {
    expect(initialDocument({ ...base, labels: {} })).toBeNull();
    expect(initialDocument({ ...base, benchmark: "CUSTOM" })).toBeNull();
  });
});
