/**
 * Leaderboard columns per benchmark, shaped like each paper's main table (PURE; also imported by
 * client components). A run's table is a flat map `key → value`; this module names and orders
 * the keys that occur, groups them as the paper does, and says which breakdown chart each belongs
 * to. Values of `percent` columns are fractions in the table and shown ×100.
 *
 * Keys:
 * - VCBench: `overall.gpa|moc|uda`, `<subtype>.gpa|moc|uda` (Tables 2-3; MoC/UDA only where
 *   the reference computes them);
 * - TOC-Bench: `overall`, `dim.<dim>`, `hda` (Table 2); extras `macro_dim`, `tier_weighted`,
 *   `tier.<tier>`, `format.<format>`, `source.<source>`, `invalid_rate`;
 * - EC-Bench: `count.<A-F|overall>` (counting accuracy), `complete.<...>` (enumeration, all
 *   items listed: the paper's accuracy), `f1.<...>` (enumeration micro F1), `overall_acc`,
 *   `mae`, `tiou`; extras `agree.<...>` (reference accuracy: precision = 1);
 * - VSTAT: `avg`, `element.<Count|Location|Attribute>`, `structure.<Atomic|Sequence|Set|Dict>`
 *   (Table 2); extras `mcq_acc`, `numeric_mra`, `challenge.<label>`;
 * - VSAS-Bench: `acc.<overall|Present|Cumulative|Future>`, `cons.<...>`; extra `rubric.overall`.
 */
import { VSAS_TYPES, VSTAT_ELEMENTS, VSTAT_STRUCTURES } from "@/lib/scoring/table-keys";

export type ColumnUnit = "percent" | "raw";

export type LeaderboardColumn = {
  key: string;
  /** Short header, e.g. "GPA". */
  label: string;
  /** Header group spanning several columns, e.g. "O1-Snap". */
  group: string;
  /** Breakdown chart the column belongs to (null: not charted). */
  chart: string | null;
  /** Label inside its chart (e.g. the subtype). */
  chartLabel: string;
  unit: ColumnUnit;
  higherIsBetter: boolean;
  /** In the paper's main table (shown by default); extras are in the JSON/CSV and behind a toggle. */
  main: boolean;
};

type Benchmark = "VCBENCH" | "TOCBENCH" | "ECBENCH" | "VSTAT" | "VSAS";

export const VCBENCH_PAPER_SUBTYPES = ["O1-Snap", "O1-Delta", "O2-Unique", "O2-Gain", "E1-Action", "E1-Transit", "E2-Episode", "E2-Periodic"];

export const TOC_DIMENSIONS: ReadonlyArray<[string, string]> = [
  ["event_existence", "Exist"],
  ["event_count", "Count"],
  ["reappear_identity", "ReID"],
  ["reappear_or_disappear", "R/D"],
  ["cross_object_order", "X-Order"],
  ["event_ordering", "Order"],
  ["temporal_location", "T-Loc"],
  ["duration_category", "Dur"],
  ["conditional_state", "Cond"],
  ["relative_spatial_change", "Move"],
];

export const EC_CATEGORIES: ReadonlyArray<[string, string]> = [
  ["A", "Parallel"],
  ["B", "Causal"],
  ["C", "Speech/Audio"],
  ["D", "Appearance"],
  ["E", "Spatial"],
  ["F", "Conditional"],
];


const col = (c: Partial<LeaderboardColumn> & Pick<LeaderboardColumn, "key" | "label" | "group">): LeaderboardColumn => ({
  chart: null,
  chartLabel: c.label,
  unit: "percent",
  higherIsBetter: true,
  main: true,
  ...c,
});

/** Keys of `present` that start with `prefix`, minus `known`, sorted: breakdown values not in the paper's list. */
function others(present: ReadonlySet<string>, prefix: string, known: readonly string[]): string[] {
  return [...present].filter((k) => k.startsWith(prefix) && !known.includes(k.slice(prefix.length))).map((k) => k.slice(prefix.length)).sort();
}

function vcbenchColumns(present: ReadonlySet<string>): LeaderboardColumn[] {
  const out: LeaderboardColumn[] = [];
  const name = { gpa: "GPA", moc: "MoC", uda: "UDA" } as const;
  for (const m of ["gpa", "moc", "uda"] as const) out.push(col({ key: `overall.${m}`, label: name[m], group: "Overall", chart: "Overall", chartLabel: name[m] }));
  const subtypes = [...VCBENCH_PAPER_SUBTYPES, ...[...new Set([...present].map((k) => k.split(".")[0]))].filter((s) => s !== "overall" && !VCBENCH_PAPER_SUBTYPES.includes(s)).sort()];
  for (const st of subtypes) {
    for (const m of ["gpa", "moc", "uda"] as const) {
      const key = `${st}.${m}`;
      if (present.has(key)) out.push(col({ key, label: name[m], group: st, chart: `${name[m]} by subtype`, chartLabel: st }));
    }
  }
  return out;
}

function tocColumns(present: ReadonlySet<string>): LeaderboardColumn[] {
  const out: LeaderboardColumn[] = [col({ key: "overall", label: "Overall", group: "Overall", chart: null })];
  const known = TOC_DIMENSIONS.map(([d]) => d);
  for (const [d, label] of [...TOC_DIMENSIONS, ...others(present, "dim.", known).map((d) => [d, d] as [string, string])]) {
    if (present.has(`dim.${d}`)) out.push(col({ key: `dim.${d}`, label, group: "Dimension", chart: "Accuracy by dimension", chartLabel: label }));
  }
  out.push(col({ key: "hda", label: "HDA", group: "Hallucination", chart: null }));
  out.push(col({ key: "macro_dim", label: "MacroDim", group: "Reference extras", main: false }));
  out.push(col({ key: "tier_weighted", label: "TierWtd", group: "Reference extras", main: false }));
  for (const t of ["tier1", "tier2", "tier3", ...others(present, "tier.", ["tier1", "tier2", "tier3"])]) {
    if (present.has(`tier.${t}`)) out.push(col({ key: `tier.${t}`, label: t, group: "Tier", chart: "Accuracy by tier", chartLabel: t, main: false }));
  }
  const formats = ["mcq_4", "sp", "numerical", "ordering_3", "ordering_4"];
  for (const f of [...formats, ...others(present, "format.", formats)]) {
    if (present.has(`format.${f}`)) out.push(col({ key: `format.${f}`, label: f, group: "Format", chart: "Accuracy by format", chartLabel: f, main: false }));
  }
  for (const s of others(present, "source.", [])) out.push(col({ key: `source.${s}`, label: s, group: "Source", chart: null, main: false }));
  out.push(col({ key: "invalid_rate", label: "Invalid", group: "Reference extras", higherIsBetter: false, main: false }));
  return out.filter((c) => present.has(c.key) || c.key === "overall");
}

function ecColumns(present: ReadonlySet<string>): LeaderboardColumn[] {
  const out: LeaderboardColumn[] = [col({ key: "overall_acc", label: "Both", group: "Overall accuracy" })];
  const cats = [...EC_CATEGORIES, ...others(present, "count.", [...EC_CATEGORIES.map(([c]) => c), "overall"]).map((c) => [c, c] as [string, string])];
  const block = (prefix: string, group: string, chart: string, main: boolean) => {
    for (const [c, name] of cats) {
      const key = `${prefix}.${c}`;
      if (present.has(key)) out.push(col({ key, label: c, group, chart, chartLabel: `${c} ${name}`.trim(), main }));
    }
    out.push(col({ key: `${prefix}.overall`, label: "Overall", group, chart: null, main }));
  };
  block("complete", "Enumeration accuracy (all items listed)", "Enumeration accuracy by category", true);
  block("count", "Counting accuracy", "Counting accuracy by category", true);
  block("f1", "Enumeration F1", "Enumeration F1 by category", true);
  out.push(col({ key: "mae", label: "MAE", group: "Counting error", unit: "raw", higherIsBetter: false }));
  out.push(col({ key: "tiou", label: "tIoU", group: "Evidence" }));
  block("agree", "Enumeration agreement (precision = 1, reference)", "Enumeration agreement by category", false);
  return out.filter((c) => present.has(c.key));
}

function vstatColumns(present: ReadonlySet<string>): LeaderboardColumn[] {
  const out: LeaderboardColumn[] = [col({ key: "avg", label: "Avg.", group: "Overall" })];
  for (const e of [...VSTAT_ELEMENTS, ...others(present, "element.", VSTAT_ELEMENTS)]) {
    if (present.has(`element.${e}`)) out.push(col({ key: `element.${e}`, label: e, group: "State element", chart: "By state element", chartLabel: e }));
  }
  for (const s of [...VSTAT_STRUCTURES, ...others(present, "structure.", VSTAT_STRUCTURES)]) {
    if (present.has(`structure.${s}`)) out.push(col({ key: `structure.${s}`, label: s, group: "State structure", chart: "By state structure", chartLabel: s }));
  }
  out.push(col({ key: "mcq_acc", label: "MCQ acc.", group: "Question type", main: false }));
  out.push(col({ key: "numeric_mra", label: "Numeric MRA", group: "Question type", main: false }));
  for (const c of others(present, "challenge.", [])) out.push(col({ key: `challenge.${c}`, label: c, group: "Perceptual challenge", chart: "By perceptual challenge", chartLabel: c, main: false }));
  return out.filter((c) => present.has(c.key) || c.key === "avg");
}

function vsasColumns(present: ReadonlySet<string>): LeaderboardColumn[] {
  const out: LeaderboardColumn[] = [];
  const types = [...VSAS_TYPES, ...others(present, "acc.", [...VSAS_TYPES, "overall"])];
  for (const [prefix, group, chart] of [
    ["acc", "Accuracy", "Accuracy by task type"],
    ["cons", "Consistency", "Consistency by task type"],
  ] as const) {
    out.push(col({ key: `${prefix}.overall`, label: "Overall", group }));
    for (const t of types) if (present.has(`${prefix}.${t}`)) out.push(col({ key: `${prefix}.${t}`, label: t, group, chart, chartLabel: t }));
  }
  out.push(col({ key: "rubric.overall", label: "Rubric (0-3)", group: "Judge rubric", unit: "raw", main: false }));
  return out.filter((c) => present.has(c.key) || c.key === "acc.overall" || c.key === "cons.overall");
}

/** The columns for the keys present in any row, in the paper's order. */
export function columnsFor(benchmark: string, present: ReadonlySet<string>): LeaderboardColumn[] {
  switch (benchmark as Benchmark) {
    case "VCBENCH":
      return vcbenchColumns(present);
    case "TOCBENCH":
      return tocColumns(present);
    case "ECBENCH":
      return ecColumns(present);
    case "VSTAT":
      return vstatColumns(present);
    case "VSAS":
      return vsasColumns(present);
    default:
      return [...present].sort().map((key) => col({ key, label: key, group: "Scores" }));
  }
}

/** The column rows are ranked by by default. */
export function primaryColumn(benchmark: string): string {
  switch (benchmark as Benchmark) {
    case "VCBENCH":
      return "overall.gpa";
    case "TOCBENCH":
      return "overall";
    case "ECBENCH":
      return "overall_acc";
    case "VSTAT":
      return "avg";
    case "VSAS":
      return "acc.overall";
    default:
      return "";
  }
}

/** What the paper reports as chance baseline (shown on the leaderboard), per benchmark. */
export const CHANCE_NOTES: Record<string, string> = {
  VCBENCH:
    "The VCBench paper reports no chance baseline; its closest reference row is a blind language model (GPT-4-Turbo without video), which is a model run you can upload. None is computed here.",
  TOCBENCH: "Random: the expected accuracy of uniform guessing within each item's answer space (1/4, 1/2, 1/4, 1/6, 1/24 per format), as the paper's Random row.",
  ECBENCH: "The EC-Bench paper reports no chance baseline. None is computed here.",
  VSTAT:
    "Chance (random): 1/k for multiple-choice questions (numeric questions excluded); Chance (frequency): always the most frequent answer per question type, or the constant that maximises MRA (paper Appendix B).",
  VSAS: "The VSAS-Bench paper reports no chance baseline. None is computed here.",
};
