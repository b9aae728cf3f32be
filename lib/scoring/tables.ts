/**
 * Leaderboard tables (flat `key → value` maps, see columns.ts) from lib/metrics aggregates
 * (PURE). This only selects and renames numbers lib/metrics computed: no metric formula here.
 * `tableFromMetrics` reads ModelRun.aggregates.metrics as written by lib/runs.
 */
import { VCBENCH_MOC_SUBTYPES, VCBENCH_UDA_SUBTYPES } from "@/lib/metrics/vcbench";
import { VSTAT_ELEMENTS, VSTAT_STRUCTURES, vstatLabel } from "./table-keys";

export type Table = Record<string, number | null>;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** VCBench: overall and per-subtype GPA/MoC/UDA (MoC/UDA only for subtypes the reference computes them for). */
export function vcbenchTableOf(agg: { overall: unknown; by_subtype: unknown }): Table {
  const o = obj(agg.overall);
  const t: Table = { "overall.gpa": num(o.gpa), "overall.moc": num(o.moc), "overall.uda": num(o.uda) };
  for (const [st, v] of Object.entries(obj(agg.by_subtype))) {
    const g = obj(v);
    t[`${st}.gpa`] = num(g.gpa);
    if (VCBENCH_MOC_SUBTYPES.has(st)) t[`${st}.moc`] = num(g.moc);
    if (VCBENCH_UDA_SUBTYPES.has(st)) t[`${st}.uda`] = num(g.uda);
  }
  return t;
}

/** The parts of a TOC-Bench result a table needs (lib/metrics `TocbenchResult` keys). */
export type TocTableInput = {
  n_scored: number;
  overall: number;
  per_dim: Record<string, number>;
  hda: number | null;
  macro_dim: number;
  tier_weighted: number;
  per_tier: Record<string, number>;
  per_format: Record<string, number>;
  per_source: Record<string, number>;
  invalid_rate: number | null;
};

export function tocTableOf(r: TocTableInput): Table {
  if (!r.n_scored) return { overall: null };
  const t: Table = { overall: num(r.overall), hda: num(r.hda), macro_dim: num(r.macro_dim), tier_weighted: num(r.tier_weighted), invalid_rate: num(r.invalid_rate) };
  for (const [k, v] of Object.entries(r.per_dim ?? {})) t[`dim.${k}`] = num(v);
  for (const [k, v] of Object.entries(r.per_tier ?? {})) t[`tier.${k}`] = num(v);
  for (const [k, v] of Object.entries(r.per_format ?? {})) t[`format.${k}`] = num(v);
  for (const [k, v] of Object.entries(r.per_source ?? {})) t[`source.${k}`] = num(v);
  return t;
}

/** One EC-Bench group (all questions, or one category): fractions, null when the group has no such question. */
export type EcGroupValues = {
  counting_acc: number | null;
  enum_complete: number | null;
  enum_agree: number | null;
  enum_f1: number | null;
  overall_acc: number | null;
  mae: number | null;
  tiou: number | null;
};
export type EcTableInput = { overall: EcGroupValues; by_category: Record<string, EcGroupValues> };

export function ecTableOf(input: EcTableInput): Table {
  const o = input.overall;
  const t: Table = {
    overall_acc: o.overall_acc,
    "count.overall": o.counting_acc,
    "complete.overall": o.enum_complete,
    "agree.overall": o.enum_agree,
    "f1.overall": o.enum_f1,
    mae: o.mae,
    tiou: o.tiou,
  };
  for (const [c, g] of Object.entries(input.by_category)) {
    if (g.counting_acc !== null) t[`count.${c}`] = g.counting_acc;
    if (g.enum_complete !== null) t[`complete.${c}`] = g.enum_complete;
    if (g.enum_agree !== null) t[`agree.${c}`] = g.enum_agree;
    if (g.enum_f1 !== null) t[`f1.${c}`] = g.enum_f1;
  }
  return t;
}

/** EC-Bench table input from the lib/metrics summary written by lib/runs (EcMetrics). */
export function ecInputFromMetrics(m: Record<string, unknown>): EcTableInput {
  const pct = (v: unknown, n: unknown) => (num(n) ? (num(v) ?? 0) / 100 : null);
  const complete = obj(m.enumeration_complete_by_category);
  const agree = obj(m.enumeration_agreement_by_category);
  const overall: EcGroupValues = {
    counting_acc: pct(m.counting_match_rate_percent, m.counting_total),
    enum_complete: pct(m.enumeration_complete_rate_percent, m.enumeration_total),
    enum_agree: pct(m.enumeration_agreement_rate_percent, m.enumeration_total),
    enum_f1: num(m.enumeration_total) ? num(m.enumeration_f1) : null,
    overall_acc: (num(m.counting_total) ?? 0) + (num(m.enumeration_total) ?? 0) > 0 ? (num(m.overall_accuracy_percent) ?? 0) / 100 : null,
    mae: num(m.counting_error_count) ? num(m.counting_mae) : null,
    tiou: num(m.clip_iou_count) ? num(m.clip_miou) : null,
  };
  const byCategory: Record<string, EcGroupValues> = {};
  for (const [c, v] of Object.entries(obj(m.by_category))) {
    const g = obj(v);
    byCategory[c] = {
      counting_acc: pct(g.counting_match_rate_percent, g.counting_total),
      enum_complete: pct(complete[c], g.enumeration_total),
      enum_agree: pct(agree[c], g.enumeration_total),
      enum_f1: num(g.enumeration_total) ? num(g.enumeration_f1) : null,
      overall_acc: (num(g.counting_total) ?? 0) + (num(g.enumeration_total) ?? 0) > 0 ? (num(g.overall_accuracy_percent) ?? 0) / 100 : null,
      mae: null,
      tiou: num(g.clip_iou_count) ? num(g.clip_miou) : null,
    };
  }
  return { overall, by_category: byCategory };
}

/** VSTAT: Avg. and the state element / structure breakdowns of a lib/metrics `VstatSummary`. */
export function vstatTableOf(s: Record<string, unknown>): Table {
  const t: Table = { avg: num(s.count) ? num(s.ALL_Score_avg) : null };
  if (num(s.mcq_count)) t.mcq_acc = num(s.MCQ_ACC);
  if (num(s.numeric_count)) t.numeric_mra = num(s.Numeric_MRA);
  const groups = (v: unknown, prefix: string, known: readonly string[] | null) => {
    for (const [k, g] of Object.entries(obj(v))) {
      if (k === "(none)" || !num(obj(g).count)) continue;
      t[`${prefix}.${known ? vstatLabel(k, known) : k}`] = num(obj(g).ALL_Score_avg);
    }
  };
  groups(s.by_state_element, "element", VSTAT_ELEMENTS);
  groups(s.by_state_structure, "structure", VSTAT_STRUCTURES);
  groups(s.by_perceptual_challenge, "challenge", null);
  return t;
}

/** VSAS-Bench: accuracy and consistency overall and per task type of a lib/metrics `VsasSummary`. */
export function vsasTableOf(s: Record<string, unknown>): Table {
  const t: Table = { "acc.overall": num(s.accuracy), "cons.overall": num(s.consistency), "rubric.overall": num(s.rubric_mean) };
  for (const [type, v] of Object.entries(obj(s.by_task_type))) {
    const g = obj(v);
    if (!num(g.tasks)) continue;
    t[`acc.${type}`] = num(g.accuracy);
    t[`cons.${type}`] = num(g.consistency);
  }
  return t;
}

/** The table of a run from its stored lib/metrics aggregate. */
export function tableFromMetrics(benchmark: string, metrics: Record<string, unknown>): Table {
  switch (benchmark) {
    case "VCBENCH":
      return vcbenchTableOf({ overall: metrics.overall, by_subtype: metrics.by_subtype });
    case "TOCBENCH":
      return tocTableOf(metrics as unknown as TocTableInput);
    case "ECBENCH":
      return ecTableOf(ecInputFromMetrics(metrics));
    case "VSTAT":
      return vstatTableOf(metrics);
    case "VSAS":
      return vsasTableOf(metrics);
    default:
      return {};
  }
}
