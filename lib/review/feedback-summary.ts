/**
 * What the annotator feedback page shows (PURE): per facet, the figures of the annotator's
 * document against the final one in words ("you" / "final": compareAnnotations calls them A and
 * B, a page for the annotator never does), and the marks and spans of both documents for one
 * timeline.
 *
 * Mean offset of marks (issue 19.9): the comparison's `meanAbsOffsetFrames` averages only the
 * marks matched within the tolerance (2 frames by default), so a mark 34 frames off is not in it
 * at all: the page said "mean offset 0.000 frames" for marks at 150, 330 against 150, 364. The
 * feedback's figure is the mean distance from EACH of the annotator's marks to the nearest final
 * mark, and every mark beyond the tolerance is named with its nearest counterpart.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import type { Comparison } from "./comparison-types";
import { listDifferences } from "./differences";
import { extractFacets } from "./facets";

export type FacetSummary = {
  facet: string;
  kind: string;
  agreed: boolean;
  figures: string;
  /** What differs, one line each, in the annotator's terms (yours / final). */
  details: string[];
};

/** The two sides of the feedback's comparison [annotator, final], as differences and details name them. */
export const FEEDBACK_SIDES = ["yours", "final"] as const;

export type MarkOffsets = {
  /** Mean |frame − nearest final frame| over the annotator's marks; NaN without marks on either side. */
  meanAbsFrames: number;
  /** Lines for marks farther than the tolerance from every mark of the other side. */
  details: string[];
};

const framesWord = (n: number) => `${n} ${n === 1 ? "frame" : "frames"}`;

function nearest(x: number, list: readonly number[]): number | null {
  let best: number | null = null;
  for (const y of list) if (best === null || Math.abs(y - x) < Math.abs(best - x)) best = y;
  return best;
}

/** Each of your marks to the nearest final mark (see the module comment); marks as frame indices. */
export function markOffsets(yours: readonly number[], final: readonly number[], tolerance: number): MarkOffsets {
  const details: string[] = [];
  let sum = 0;
  for (const y of yours) {
    const f = nearest(y, final);
    if (f === null) {
      details.push(`your mark at frame ${y}: the final document has no mark`);
      continue;
    }
    sum += Math.abs(f - y);
    if (Math.abs(f - y) > tolerance) details.push(`your mark at frame ${y}: ${framesWord(Math.abs(f - y))} ${f > y ? "before" : "after"} the nearest final mark (frame ${f})`);
  }
  for (const f of final) {
    const y = nearest(f, yours);
    if (y === null) details.push(`final mark at frame ${f}: you have no mark`);
    else if (Math.abs(y - f) > tolerance) details.push(`final mark at frame ${f}: you have none within ${framesWord(tolerance)} (nearest: frame ${y})`);
  }
  return { meanAbsFrames: yours.length && final.length ? sum / yours.length : Number.NaN, details };
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");
const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(x * 100)} %` : "n/a");

/** One line per facet of compareAnnotations([mine, final]). */
export function facetSummaries(c: Comparison): FacetSummary[] {
  const differences = listDifferences(c, FEEDBACK_SIDES);
  return c.facets.map((f) => {
    let figures = "";
    const details: string[] = [];
    switch (f.kind) {
      case "timestamps": {
        const p = f.pairs[0];
        const tolerance = c.thresholds.timestampToleranceFrames;
        const side = (j: number) => f.groups.flatMap((g) => (g.members[j] ? [g.members[j]!.at.frame] : []));
        const offsets = markOffsets(side(0), side(1), tolerance);
        figures = p
          ? `you ${p.countA}, final ${p.countB}, matched ${p.matched} within ${framesWord(tolerance)}; F1 ${f3(p.f1)}; mean offset ${f3(offsets.meanAbsFrames)} frames (each of your marks to the nearest final mark)`
          : "";
        details.push(...offsets.details);
        break;
      }
      case "spans": {
        const p = f.pairs[0];
        figures = p ? `tIoU ${f3(p.tIoU)} (${p.intersectionFrames} of ${p.unionFrames} frames)` : "";
        break;
      }
      case "counts": {
        const p = f.pairs[0];
        figures = p ? `${p.values.filter(([a, b]) => a === b).length} of ${p.values.length} counts equal${p.values.length ? ` (yours ${p.values.map((v) => v[0]).join(", ")}; final ${p.values.map((v) => v[1]).join(", ")})` : ""}` : "";
        break;
      }
      case "labels":
        figures = `yours ${f.labels[0] ?? "(none)"}, final ${f.labels[1] ?? "(none)"}`;
        break;
      case "captions": {
        const p = f.pairs[0];
        figures = p ? `${pct(p.exact)} of ${p.seconds} seconds the same` : "";
        break;
      }
    }
    if (f.kind !== "timestamps") details.push(...differences.filter((d) => d.facet === f.name).map((d) => d.summary));
    return { facet: f.name, kind: f.kind, agreed: f.agreed, figures, details };
  });
}

export type TimelineRow = { facet: string; who: "yours" | "final"; marks: number[]; spans: [number, number][] };

/** The marks (frames) and spans (frame ranges) of both documents, per timestamp / span facet. */
export function timelineRows(mine: AnnotationDocument, final: AnnotationDocument): TimelineRow[] {
  const rows: TimelineRow[] = [];
  const [a, b] = [extractFacets(mine), extractFacets(final)];
  a.forEach((fa, i) => {
    const fb = b[i];
    if (!fb || fb.name !== fa.name) return;
    for (const [who, f] of [["yours", fa], ["final", fb]] as const) {
      if (f.kind === "timestamps") rows.push({ facet: f.name, who, marks: f.events.map((e) => e.at.frame), spans: [] });
      else if (f.kind === "spans") rows.push({ facet: f.name, who, marks: [], spans: f.spans.map((s) => [s.start.frame, s.end.frame]) });
    }
  });
  return rows;
}
