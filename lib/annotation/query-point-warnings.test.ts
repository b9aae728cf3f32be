import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { vcbenchDocumentSchema, type VcbenchDocument } from "./document";
import { queryPointWarnings } from "./query-point-warnings";

const at = (frame: number, fps = 10) => ({ frame, sec: frame / fps });
const doc = (partial: Omit<z.input<typeof vcbenchDocumentSchema>, "benchmark" | "v">): VcbenchDocument =>
  vcbenchDocumentSchema.parse({ benchmark: "VCBENCH", v: 1, ...partial });
const qps = (...frames: number[]) => frames.map((f, i) => ({ id: `q${i}`, at: at(f) }));
const kinds = (ws: { kind: string }[]) => ws.map((w) => w.kind);

describe("queryPointWarnings", () => {
  it("a good design (3 points, away from marks, covering a 30 s video) has no warnings", () => {
    const d = doc({ subtype: "E1-Action", moments: [50, 150].map((f, i) => ({ id: `m${i}`, at: at(f) })), queryPoints: qps(100, 200, 290) });
    expect(queryPointWarnings({ doc: d, durationSec: 30 })).toEqual([]);
  });

  it("warns for fewer than 3 and more than 8 points, and for window subtypes other than 1", () => {
    expect(kinds(queryPointWarnings({ doc: doc({ subtype: "E1-Action", queryPoints: qps(140, 290) }), durationSec: 30 }))).toEqual(["count"]);
    const nine = doc({ subtype: "E1-Action", queryPoints: qps(30, 60, 90, 120, 150, 180, 210, 240, 290) });
    const w = queryPointWarnings({ doc: nine, durationSec: 30 });
    expect(w).toEqual([{ kind: "count", field: "queryPoints", queryPointId: null, message: "more than 8 query points (9 placed)" }]);
    const delta = doc({ subtype: "O1-Delta", window: { start: at(0), end: at(100) }, queryPoints: qps(50, 100) });
    expect(queryPointWarnings({ doc: delta, durationSec: 30 })[0].message).toBe("O1-Delta has exactly 1 query point, at the window end (2 placed)");
    // window subtypes have no coverage check: one point at the window end is the design
    const gain = doc({ subtype: "O2-Gain", window: { start: at(0), end: at(100) }, queryPoints: qps(100) });
    expect(queryPointWarnings({ doc: gain, durationSec: 30 })).toEqual([]);
  });

  it("warns for a point within 1 s of a mark, naming the mark; 1.1 s away is fine", () => {
    const d = doc({
      subtype: "E2-Episode",
      occurrences: [{ id: "o1", start: at(40), end: at(95) }],
      queryPoints: qps(105, 200, 290),
    });
    const w = queryPointWarnings({ doc: d, durationSec: 30 });
    expect(w).toEqual([
      { kind: "near-mark", field: "queryPoints[0]", queryPointId: "q0", message: "within 1 s of the end of episode 1 (9.50 s): move it to a stable moment" },
    ]);
    const far = doc({ subtype: "E2-Episode", occurrences: [{ id: "o1", start: at(40), end: at(94) }], queryPoints: qps(105, 200, 290) });
    expect(queryPointWarnings({ doc: far, durationSec: 30 })).toEqual([]);
  });

  it("names split points, O2 first appearances and E1-Transit occurrences, as the panel names them", () => {
    const periodic = doc({
      subtype: "E2-Periodic",
      occurrences: [{ id: "o1", start: at(10), end: at(60), splits: [{ id: "s1", at: at(30) }] }],
      queryPoints: qps(32, 200, 290),
    });
    expect(queryPointWarnings({ doc: periodic, durationSec: 30 })[0].message).toContain("split point 1 of cycle 1 (3.00 s)");
    const unique = doc({ subtype: "O2-Unique", identities: [{ id: "p", key: "red shirt", firstAppearance: at(199) }], queryPoints: qps(100, 200, 290) });
    expect(queryPointWarnings({ doc: unique, durationSec: 30 })[0]).toMatchObject({ field: "queryPoints[1]", message: expect.stringContaining("the first appearance of red shirt") });
    const transit = doc({ subtype: "E1-Transit", moments: [{ id: "m", at: at(290) }], queryPoints: qps(100, 200, 290) });
    expect(queryPointWarnings({ doc: transit, durationSec: 30 })[0].message).toContain("occurrence 1 (29.00 s)");
  });

  it("warns for a point within 1 s of a cut", () => {
    const d = doc({ subtype: "O1-Snap", queryPoints: qps(100, 200, 290) });
    const w = queryPointWarnings({ doc: d, durationSec: 30, cuts: [20.6, 5] });
    expect(w).toEqual([{ kind: "near-cut", field: "queryPoints[1]", queryPointId: "q1", message: "within 1 s of a cut (20.60 s): the frame is not stable" }]);
  });

  it("warns near a detected scene cut for every subtype; E1-Transit points near a transition are warned once, as near the transition", () => {
    const base = { queryPoints: qps(100, 195, 290) };
    const docs: VcbenchDocument[] = [
      doc({ subtype: "O1-Snap", ...base }),
      doc({ subtype: "O1-Delta", window: { start: at(0), end: at(195) }, queryPoints: qps(195) }),
      doc({ subtype: "O2-Unique", ...base }),
      doc({ subtype: "O2-Gain", window: { start: at(0), end: at(195) }, queryPoints: qps(195) }),
      doc({ subtype: "E1-Action", ...base }),
      doc({ subtype: "E1-Transit", ...base }),
      doc({ subtype: "E2-Periodic", ...base }),
      doc({ subtype: "E2-Episode", ...base }),
    ];
    for (const d of docs) {
      const w = queryPointWarnings({ doc: d, durationSec: 30, cuts: [2.04, 20.4] }).filter((x) => x.kind === "near-cut");
      expect(w.map((x) => [d.subtype, x.field, x.message])).toEqual([[d.subtype, d.queryPoints.length === 1 ? "queryPoints[0]" : "queryPoints[1]", "within 1 s of a cut (20.40 s): the frame is not stable"]]);
    }
    const transit = doc({ subtype: "E1-Transit", moments: [{ id: "m", at: at(204) }], ...base });
    const w = queryPointWarnings({ doc: transit, durationSec: 30, cuts: [20.4] });
    expect(w).toEqual([
      { kind: "near-mark", field: "queryPoints[1]", queryPointId: "q1", message: "within 1 s of occurrence 1 (20.40 s): move it to a stable moment" },
    ]);
  });

  it("warns when the points do not cover the video: the end unqueried, or a gap over half of it", () => {
    const early = doc({ subtype: "E1-Action", queryPoints: qps(50, 100, 150) });
    const w = queryPointWarnings({ doc: early, durationSec: 30 });
    expect(w).toEqual([
      { kind: "coverage", field: "queryPoints", queryPointId: null, message: "the last query point is at 15.00 s: the last 15.00 s of the 30.00 s video are not queried" },
    ]);
    const late = doc({ subtype: "E1-Action", queryPoints: qps(280, 160, 290) });
    expect(queryPointWarnings({ doc: late, durationSec: 30 }).map((x) => x.message)).toEqual([
      "no query point between the start of the video and 16.00 s (16.00 s, more than half the video)",
    ]);
    // no duration known: no coverage check
    expect(queryPointWarnings({ doc: early, durationSec: null })).toEqual([]);
  });

  it("warns where an imported count disagrees with the computed answer at the same time", () => {
    const d = doc({ subtype: "E1-Action", moments: [50, 150].map((f, i) => ({ id: `m${i}`, at: at(f) })), queryPoints: qps(100, 200, 290) });
    const w = queryPointWarnings({ doc: d, durationSec: 30, stored: { times: [10, 20, 29], counts: [1, 3, 2] } });
    expect(w).toEqual([{ kind: "stored-mismatch", field: "queryPoints[1]", queryPointId: "q1", message: "the imported count here is 3, the marks give 2" }]);
    // a moved point has no stored count to compare with
    const moved = { ...d, queryPoints: qps(100, 210, 290).map((q) => ({ ...q, count: null })) };
    expect(queryPointWarnings({ doc: moved, durationSec: 30, stored: { times: [10, 20, 29], counts: [1, 3, 2] } })).toEqual([]);
    // O1-Snap compares the annotator's count
    const snap = doc({ subtype: "O1-Snap", queryPoints: [{ id: "a", at: at(100), count: 4 }, { id: "b", at: at(200), count: null }, { id: "c", at: at(290), count: 2 }] });
    expect(queryPointWarnings({ doc: snap, durationSec: 30, stored: { times: [10, 20, 29], counts: [4, 5, 3] } }).map((x) => x.message)).toEqual([
      "the imported count here is 3, the count entered 2",
    ]);
  });
});
