import { describe, expect, it } from "vitest";
import type { PtsTable } from "@/lib/video/pts-table";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { validateDocument } from "./validate-document";
import { videoTimingOf } from "./video-timing";

// 10 frames, 1/90000 time base, first frame at 2.5 s (an offset video), VFR: frames 0-4 at 30 fps, 5-9 at 15 fps.
const pts = [0, 1, 2, 3, 4].map((i) => 225_000 + i * 3000).concat([5, 6, 7, 8, 9].map((i) => 225_000 + 15_000 + (i - 5) * 6000));
const table: PtsTable = { timeBase: { num: 1, den: 90_000 }, pts, endPts: pts[9] + 6000 };
const timing = videoTimingOf(table);
const doc = (d: Record<string, unknown>) => annotationDocumentSchema.parse({ v: 1, ...d }) as AnnotationDocument;
const ctx = { benchmark: "VCBENCH", subtype: "E1-Action", timing };
const fields = (d: AnnotationDocument, c: Parameters<typeof validateDocument>[1] = ctx) => validateDocument(d, c).map((p) => p.field);

describe("validateDocument", () => {
  it("derives seconds from the PTS table: offset removed, variable frame rate followed", () => {
    expect(timing.secOfFrame(0)).toBe(0);
    expect(timing.secOfFrame(5)).toBeCloseTo(5 / 30, 9);
    expect(timing.secOfFrame(6)).toBeCloseTo(5 / 30 + 1 / 15, 9);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [{ id: "a", at: { frame: 6, sec: 5 / 30 + 1 / 15 } }] }))).toEqual([]);
  });

  it("accepts up to half a frame of difference and refuses more, naming the field", () => {
    const ok = 5 / 30 + 1 / 15 + 0.033; // frame 6 lasts 1/15 s: half is 0.0333
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [{ id: "a", at: { frame: 6, sec: ok } }] }))).toEqual([]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [{ id: "a", at: { frame: 6, sec: ok + 0.001 } }] }))).toEqual(["moments[0].at.sec"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [{ id: "a", at: { frame: 1, sec: 1 / 30 + 0.017 } }] }))).toEqual(["moments[0].at.sec"]);
  });

  it("refuses frames outside the video, ends before starts, another benchmark or subtype, repeated ids and identity keys", () => {
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: [{ id: "q", at: { frame: 10, sec: 0.5 } }] }))).toEqual(["queryPoints[0].at.frame"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E2-Episode", occurrences: [{ id: "o", start: { frame: 3, sec: 0.1 }, end: { frame: 2, sec: 2 / 30 } }] }), { ...ctx, subtype: "E2-Episode" })).toEqual(["occurrences[0].end"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E2-Episode" }))).toEqual(["subtype"]);
    expect(fields(doc({ benchmark: "ECBENCH" }))).toEqual(["benchmark"]);
    expect(
      fields(
        doc({
          benchmark: "VCBENCH",
          subtype: "E1-Action",
          identities: [
            { id: "x", key: "Red", firstAppearance: { frame: 0, sec: 0 } },
            { id: "x", key: " red", firstAppearance: { frame: 1, sec: 1 / 30 } },
          ],
        }),
      ),
    ).toEqual(["identities[1].id", "identities[1].key"]);
  });

  it("without a video, timed entries cannot be placed; untimed documents pass", () => {
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [{ id: "a", at: { frame: 0, sec: 0 } }] }), { ...ctx, timing: null })).toEqual(["moments[0].at"]);
    expect(fields(doc({ benchmark: "TOCBENCH", decision: "keep" }), { benchmark: "TOCBENCH", timing: null })).toEqual([]);
  });

  it("VSAS: one review per second, inside the video", () => {
    const d = doc({ benchmark: "VSAS", captions: [{ second: 0, text: "a" }, { second: 0, text: "b" }, { second: 3, text: "c" }] });
    expect(fields(d, { benchmark: "VSAS", timing })).toEqual(["captions[1].second", "captions[2].second"]);
  });
});
