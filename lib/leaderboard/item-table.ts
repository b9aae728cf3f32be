/**
 * A run's leaderboard table recomputed from its per-item scores (RunItemResult.scores) and the
 * items' labels (PURE). Used for bootstrap intervals (the statistic on a resample of items), for
 * runs whose aggregates carry no table (human-baseline runs written by lib/studies) and for the
 * TOC-Bench Random row (expected per-item accuracy).
 *
 * Where lib/metrics aggregates per-item scores, it is called (`VcbenchAggregator`,
 * `summarizeVstat`, `precisionRecallF1`); TOC-Bench, EC-Bench and VSAS-Bench group means use the
 * lib/metrics constants and rules (`TOC_TIER_WEIGHTS`, `TOC_MACRO_DIM_MIN_ITEMS`,
 * `tocHallucinationBucket`). On the full sample of a scored run the result equals
 * `tableFromMetrics` (pinned by lib/leaderboard/item-table.test.ts).
 */
import { precisionRecallF1 } from "@/lib/metrics/ecbench";
import { TOC_MACRO_DIM_MIN_ITEMS, TOC_TIER_WEIGHTS, tocHallucinationBucket, type TocItem } from "@/lib/metrics/tocbench";
import { VcbenchAggregator } from "@/lib/metrics/vcbench";
import { summarizeVstat, type VstatDoc, type VstatDocScore, type VstatKind } from "@/lib/metrics/vstat";
import { VSAS_TYPES } from "./columns";
import { ecTableOf, tocTableOf, vcbenchTableOf, vsasTableOf, vstatTableOf, type EcGroupValues, type Table } from "./tables";

export type ItemRecord = { format: string; labels: Record<string, unknown>; scores: Record<string, unknown> };

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

function vcbench(records: readonly ItemRecord[]): Table {
  const agg = new VcbenchAggregator();
  for (const r of records) {
    agg.add({
      subtype: str(r.labels.subtype) ?? str(r.scores.subtype) ?? "",
      gpa: num(r.scores.gpa),
      moc: num(r.scores.moc),
      uda: num(r.scores.uda),
      n_queries: num(r.scores.n_queries) ?? 0,
      n_valid: num(r.scores.n_valid) ?? 0,
    });
  }
  return vcbenchTableOf(agg.result());
}

type Tally = { c: number; n: number };
const bump = (m: Map<string, Tally>, k: string, c: number) => {
  const t = m.get(k) ?? { c: 0, n: 0 };
  t.c += c;
  t.n += 1;
  m.set(k, t);
};
const rates = (m: Map<string, Tally>) => Object.fromEntries([...m].map(([k, t]) => [k, t.c / Math.max(1, t.n)]));

function toc(records: readonly ItemRecord[]): Table {
  let c = 0;
  let n = 0;
  let invalid = 0;
  let invalidKnown = false;
  const dim = new Map<string, Tally>();
  const tier = new Map<string, Tally>();
  const format = new Map<string, Tally>();
  const source = new Map<string, Tally>();
  const hda: Tally = { c: 0, n: 0 };
  for (const r of records) {
    const ok = num(r.scores.correct);
    if (ok === null) continue;
    n += 1;
    c += ok;
    if (num(r.scores.invalid) !== null) {
      invalidKnown = true;
      invalid += num(r.scores.invalid)!;
    }
    const l = r.labels;
    bump(dim, l.dim === undefined ? "unknown" : String(l.dim), ok);
    bump(tier, l.tier === undefined ? "unknown" : String(l.tier), ok);
    bump(format, r.format, ok);
    bump(source, str(l.source) ?? "unknown", ok);
    const bucket = tocHallucinationBucket({ metadata: { hallucination: l.hallucination as string | null | undefined, has_hallucination_distractor: l.has_hallucination_distractor } } as TocItem);
    if (bucket === "variant_a" || bucket === "variant_b") {
      hda.n += 1;
      hda.c += ok;
    }
  }
  const perDim = rates(dim);
  const valid = [...dim].filter(([, t]) => t.n >= TOC_MACRO_DIM_MIN_ITEMS).map(([d]) => d);
  const perTier = rates(tier);
  let tierWeighted = 0;
  for (const [t, w] of Object.entries(TOC_TIER_WEIGHTS)) tierWeighted += (perTier[t] ?? 0) * w;
  return tocTableOf({
    n_scored: n,
    overall: c / Math.max(1, n),
    per_dim: perDim,
    hda: hda.n ? hda.c / hda.n : null,
    macro_dim: valid.length ? valid.reduce((s, d) => s + perDim[d], 0) / valid.length : 0,
    tier_weighted: tierWeighted,
    per_tier: perTier,
    per_format: rates(format),
    per_source: rates(source),
    invalid_rate: invalidKnown ? invalid / Math.max(1, n) : null,
  });
}

class EcAcc {
  countN = 0;
  match = 0;
  absSum = 0;
  absN = 0;
  enumN = 0;
  tp = 0;
  fp = 0;
  fn = 0;
  complete = 0;
  agree = 0;
  agreeKnown = 0;
  enumCorrect = 0;
  iouSum = 0;
  iouN = 0;
  values(): EcGroupValues {
    const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
    return {
      counting_acc: ratio(this.match, this.countN),
      enum_complete: ratio(this.complete, this.enumN),
      enum_agree: this.agreeKnown === this.enumN ? ratio(this.agree, this.enumN) : null,
      enum_f1: this.enumN > 0 ? precisionRecallF1(this.tp, this.fp, this.fn).f1 : null,
      overall_acc: ratio(this.match + this.enumCorrect, this.countN + this.enumN),
      mae: ratio(this.absSum, this.absN),
      tiou: ratio(this.iouSum, this.iouN),
    };
  }
}

function ec(records: readonly ItemRecord[], variant: string): Table {
  const all = new EcAcc();
  const cats = new Map<string, EcAcc>();
  for (const r of records) {
    const s = r.scores;
    if (num(s.skipped) === 1 || (typeof s.status === "string" && s.status !== "scored")) continue;
    const task = str(s.task) ?? (r.format === "counting" ? "Counting" : r.format === "enumeration" ? "Enumeration" : r.format);
    const cat = (str(r.labels.category) ?? "").trim();
    const groups = [all];
    if (cat) {
      if (!cats.has(cat)) cats.set(cat, new EcAcc());
      groups.push(cats.get(cat)!);
    }
    const iou = variant === "paper" ? num(s.evidence_iou_hull) : num(s.evidence_iou);
    for (const g of groups) {
      if (iou !== null) {
        g.iouSum += iou;
        g.iouN += 1;
      }
      if (task === "Counting") {
        g.countN += 1;
        g.match += num(s.match) ?? num(s.correct) ?? 0;
        const e = num(s.abs_error);
        if (e !== null) {
          g.absSum += e;
          g.absN += 1;
        }
      } else if (task === "Enumeration") {
        g.enumN += 1;
        g.tp += num(s.tp) ?? 0;
        g.fp += num(s.fp) ?? 0;
        g.fn += num(s.fn) ?? 0;
        const complete = num(s.complete) ?? num(s.correct) ?? 0;
        const agree = num(s.precision_is_one);
        g.complete += complete;
        if (agree !== null) {
          g.agree += agree;
          g.agreeKnown += 1;
        }
        g.enumCorrect += variant === "paper" ? complete : (agree ?? 0);
      }
    }
  }
  const byCategory: Record<string, EcGroupValues> = {};
  for (const [c, g] of cats) byCategory[c] = g.values();
  return ecTableOf({ overall: all.values(), by_category: byCategory });
}

function vstat(records: readonly ItemRecord[]): Table {
  const docs: VstatDoc[] = [];
  const scores: VstatDocScore[] = [];
  for (const r of records) {
    const s = r.scores;
    const score = num(s.score) ?? num(s.mra) ?? num(s.correct);
    if (score === null) continue;
    const kind: VstatKind = s.kind === "numeric" || s.kind === "mcq" || s.kind === "text" ? s.kind : "mra" in s ? "numeric" : "mcq";
    const challenges = r.labels.perceptual_challenges ?? r.labels.perceptual_complexity;
    docs.push({
      sourceTask: str(r.labels.source_task) ?? "",
      choices: [],
      answer: "",
      stateElement: str(r.labels.state_element ?? r.labels.state_element_type),
      stateStructure: str(r.labels.state_structure),
      perceptualChallenges: Array.isArray(challenges) ? challenges.map(String) : typeof challenges === "string" ? [challenges] : [],
    });
    scores.push({ kind, parsed: null, score });
  }
  return vstatTableOf(summarizeVstat(docs, scores) as unknown as Record<string, unknown>);
}

function vsas(records: readonly ItemRecord[]): Table {
  type G = { acc: number[]; cons: number[]; rub: number[]; n: number };
  const fresh = (): G => ({ acc: [], cons: [], rub: [], n: 0 });
  const all = fresh();
  const byType = new Map<string, G>(VSAS_TYPES.map((t) => [t, fresh()]));
  for (const r of records) {
    const s = r.scores;
    const cons = num(s.consistency);
    if (cons === null && num(s.accuracy) === null) continue;
    const type = str(r.labels.task_type) ?? str(s.task_type) ?? "(none)";
    if (!byType.has(type)) byType.set(type, fresh());
    for (const g of [all, byType.get(type)!]) {
      g.n += 1;
      if (num(s.accuracy) !== null) g.acc.push(num(s.accuracy)!);
      if (cons !== null) g.cons.push(cons);
      if (num(s.rubric_mean) !== null) g.rub.push(num(s.rubric_mean)!);
    }
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const summary = (g: G) => ({ tasks: g.n, accuracy: mean(g.acc), consistency: mean(g.cons), rubric_mean: mean(g.rub) });
  return vsasTableOf({ ...summary(all), by_task_type: Object.fromEntries([...byType].map(([t, g]) => [t, summary(g)])) });
}

/** The leaderboard table of a set of per-item records. `variant` matters for EC-Bench (tIoU definition, overall accuracy). */
export function tableFromItems(benchmark: string, variant: string, records: readonly ItemRecord[]): Table {
  switch (benchmark) {
    case "VCBENCH":
      return vcbench(records);
    case "TOCBENCH":
      return toc(records);
    case "ECBENCH":
      return ec(records, variant);
    case "VSTAT":
      return vstat(records);
    case "VSAS":
      return vsas(records);
    default:
      return {};
  }
}
