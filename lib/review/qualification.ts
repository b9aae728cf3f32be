/**
 * Qualification against a gold set (PURE): an annotator's documents on the gold items are
 * compared with the gold truth (compareAnnotations, the annotator as A, the truth as B) and
 * pooled per kind over the attempt:
 * - timestamps: frame-binned Cohen's kappa from the summed bin tables;
 * - spans: per-frame coverage kappa from the summed coverage tables;
 * - counts: quadratic-weighted kappa over every matched count point;
 * - labels: Cohen's kappa over every label decision, each category qualified by its facet
 *   (`decision=keep`, `stateElement=count`, ...), so one kappa covers all decisions;
 * - captions: Cohen's kappa of the per-second "edited" flags.
 * The annotator passes when every kind present in the gold set reaches the threshold (project
 * setting `qualificationKappa`, default 0.8). A kappa that is undefined because nothing varies
 * (e.g. every gold count is the same) passes only when the raw agreement is perfect.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { cohenKappaDetails } from "@/lib/metrics/agreement-kappa";
import { compareAnnotations } from "./compare";
import { captionFigures, countFigures, pairContribution, spanFigures, timestampFigures } from "./contributions";
import type { FacetKind } from "./facets";
import { resolveThresholds, type ReviewThresholds, type ReviewThresholdsInput } from "./thresholds";

export type QualificationItem = {
  itemId: string;
  annotation: AnnotationDocument;
  gold: AnnotationDocument;
  fps: number;
  frameCount: number;
};

export type QualificationKind = {
  kind: FacetKind;
  kappa: number;
  /** Raw agreement behind the kappa (share of agreeing bins / frames / counts / labels / flags). */
  observedAgreement: number;
  /** Number of units the kappa is computed over (bins, frames, count points, labels, seconds). */
  units: number;
  passed: boolean;
};

export type QualificationResult = {
  threshold: number;
  passed: boolean;
  kinds: QualificationKind[];
  items: { itemId: string; verdict: "agreed" | "disputed"; reasons: string[] }[];
};

function sum(target: number[] | null, v: number[] | null): number[] | null {
  if (!v) return target;
  if (!target) return [...v];
  v.forEach((x, i) => (target[i] += x));
  return target;
}

function kind(k: FacetKind, kappa: number, observed: number, units: number, threshold: number): QualificationKind {
  const passed = kappa >= threshold || (Number.isNaN(kappa) && units > 0 && observed === 1);
  return { kind: k, kappa, observedAgreement: observed, units, passed };
}

/** Scores one qualification attempt (see the module comment). Throws naming the item on invalid input. */
export function scoreQualification(items: readonly QualificationItem[], options: { thresholds?: ReviewThresholdsInput | ReviewThresholds } = {}): QualificationResult {
  const thresholds = resolveThresholds(options.thresholds);
  const threshold = thresholds.qualificationKappa;
  let ts: number[] | null = null;
  let sp: number[] | null = null;
  let ct: number[] | null = null;
  let cp: number[] | null = null;
  const la: string[] = [];
  const lb: string[] = [];
  const perItem: QualificationResult["items"] = [];
  for (const it of items) {
    let c;
    try {
      c = compareAnnotations([it.annotation, it.gold], { fps: it.fps, frameCount: it.frameCount, thresholds });
    } catch (e) {
      throw new RangeError(`scoreQualification: item ${it.itemId}: ${e instanceof Error ? e.message : String(e)}`);
    }
    perItem.push({ itemId: it.itemId, verdict: c.verdict, reasons: c.reasons });
    const p = pairContribution(c, 0, 1);
    ts = sum(ts, p.timestamps);
    sp = sum(sp, p.spans);
    ct = sum(ct, p.counts);
    cp = sum(cp, p.captions);
    for (const l of p.labels) {
      la.push(`${l.facet}=${l.a === null ? "(none)" : String(l.a)}`);
      lb.push(`${l.facet}=${l.b === null ? "(none)" : String(l.b)}`);
    }
  }
  const kinds: QualificationKind[] = [];
  const obs2 = (t: readonly number[], o: number) => {
    const n = t[o] + t[o + 1] + t[o + 2] + t[o + 3];
    return { n, agree: n === 0 ? Number.NaN : (t[o] + t[o + 3]) / n };
  };
  if (ts) {
    const o = obs2(ts, 4);
    kinds.push(kind("timestamps", timestampFigures(ts).binnedKappa, o.agree, o.n, threshold));
  }
  if (sp) {
    const o = obs2(sp, 2);
    kinds.push(kind("spans", spanFigures(sp).coverageKappa, o.agree, o.n, threshold));
  }
  if (ct && ct[0] > 0) {
    const f = countFigures(ct);
    kinds.push(kind("counts", f.quadraticKappa, f.exact, ct[0], threshold));
  }
  if (la.length > 0) {
    const d = cohenKappaDetails(la, lb);
    kinds.push(kind("labels", d.kappa, d.observedAgreement, d.n, threshold));
  }
  if (cp) {
    const o = obs2(cp, 2);
    kinds.push(kind("captions", captionFigures(cp).editedKappa, o.agree, o.n, threshold));
  }
  return { threshold, passed: items.length > 0 && kinds.length > 0 && kinds.every((k) => k.passed), kinds, items: perItem };
}
