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
import { VcbenchAggregator, type VcbenchQuestionScore } from "@/lib/metrics/vcbench";
import { summarizeVstat, type VstatDoc, type VstatDocScore, type VstatKind } from "@/lib/metrics/vstat";
import { VSAS_TYPES } from "./table-keys";
import { ecTableOf, tocTableOf, vcbenchTableOf, vsasTableOf, vstatTableOf, type EcGroupValues, type Table } from "./tables";

export type ItemRecord = { format: string; labels: Record<string, unknown>; scores: Record<string, unknown> };

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

/** A VCBench item record as the aggregator's per-question score. */
function vcbenchScore(r: ItemRecord): VcbenchQuestionScore {
  return {
    subtype: str(r.labels.subtype) ?? str(r.scores.subtype) ?? "",
    gpa: num(r.scores.gpa),
    moc: num(r.scores.moc),
    uda: num(r.scores.uda),
    n_queries: num(r.scores.n_queries) ?? 0,
    n_valid: num(r.scores.n_valid) ?? 0,
  };
}

function vcbenchTableOfScores(scores: readonly VcbenchQuestionScore[]): Table {
  const agg = new VcbenchAggregator();
  for (const s of scores) agg.add(s);
  return vcbenchTableOf(agg.result());
}

function vcbench(records: readonly ItemRecord[]): Table {
  return vcbenchTableOfScores(records.map(vcbenchScore));
}

/** Interns strings as small integers (group keys of a prepared record set). */
class Keys {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  of(key: string): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.list.length;
      this.index.set(key, i);
      this.list.push(key);
    }
    return i;
  }
}

/**
 * Records read once (label keys interned, scores as numbers) and a table function over any
 * multiset of them, so a bootstrap replicate only sums numbers. The multiset is given either as
 * a list of prepared records (`table`) or as a count per prepared record (`weighted`: record i
 * taken weights[i] times, the form lib/metrics `forEachResampleWeights` draws). Both give the
 * same table for the same multiset (up to floating-point summation order).
 */
export type CompiledTable<P = unknown> = { prepared: P[]; table: (sample: readonly P[]) => Table; weighted: (weights: ArrayLike<number>) => Table };

/**
 * A compiled table from one accumulator: `reset`, `add(record, times)`, `finish`. With `keyOf`
 * (equal keys ⇔ records that add exactly the same to every sum), `weighted` first adds up the
 * weights of each distinct record and then adds each distinct record once, times its total: a
 * replicate then costs one addition per record plus one `add` per distinct record (a benchmark's
 * records take few distinct values: a subtype and 0/1 scores).
 */
function fromAccumulator<P>(prepared: P[], reset: () => void, add: (p: P, times: number) => void, finish: () => Table, keyOf?: (p: P) => string): CompiledTable<P> {
  const table = (sample: readonly P[]) => {
    reset();
    for (const p of sample) add(p, 1);
    return finish();
  };
  if (!keyOf) {
    return {
      prepared,
      table,
      weighted(weights) {
        reset();
        for (let i = 0; i < prepared.length; i++) {
          const w = weights[i];
          if (w > 0) add(prepared[i], w);
        }
        return finish();
      },
    };
  }
  const classes = new Map<string, number>();
  const representative: P[] = [];
  const classOf = new Int32Array(prepared.length);
  prepared.forEach((p, i) => {
    const key = keyOf(p);
    let c = classes.get(key);
    if (c === undefined) {
      c = representative.length;
      classes.set(key, c);
      representative.push(p);
    }
    classOf[i] = c;
  });
  const totals = new Float64Array(representative.length);
  return {
    prepared,
    table,
    weighted(weights) {
      totals.fill(0);
      for (let i = 0; i < classOf.length; i++) totals[classOf[i]] += weights[i];
      reset();
      for (let c = 0; c < representative.length; c++) if (totals[c] > 0) add(representative[c], totals[c]);
      return finish();
    },
  };
}

type TocPrep = { c: number; inv: number; invKnown: boolean; dim: number; tier: number; fmt: number; src: number; hda: boolean } | null;

/**
 * VCBench: question-weighted means per subtype and overall (the same sums as
 * `VcbenchAggregator`, which `vcbench()` uses; a test holds the two equal), kept in flat
 * arrays so a bootstrap replicate allocates almost nothing.
 */
function compileVcbench(records: readonly ItemRecord[]): CompiledTable<number> {
  const subtypes = new Keys();
  // One column per field (NaN: no score), the records by index: a replicate reads flat arrays.
  const n = records.length;
  const sub = new Int32Array(n);
  const gpa = new Float64Array(n);
  const moc = new Float64Array(n);
  const uda = new Float64Array(n);
  records.forEach((r, i) => {
    const s = vcbenchScore(r);
    sub[i] = subtypes.of(s.subtype);
    gpa[i] = s.gpa ?? Number.NaN;
    moc[i] = s.moc ?? Number.NaN;
    uda[i] = s.uda ?? Number.NaN;
  });
  const k = subtypes.list.length + 1; // the last slot is "overall"
  const last = (k - 1) * 7;
  // Per slot: n, gpa sum, gpa n, moc sum, moc n, uda sum, uda n.
  const acc = new Float64Array(k * 7);
  const mean = (sum: number, count: number) => (count > 0 ? sum / count : null);
  const add = (i: number, w: number) => {
    const o = sub[i] * 7;
    acc[o] += w;
    acc[last] += w;
    let v = gpa[i];
    if (v === v) { acc[o + 1] += w * v; acc[o + 2] += w; acc[last + 1] += w * v; acc[last + 2] += w; }
    v = moc[i];
    if (v === v) { acc[o + 3] += w * v; acc[o + 4] += w; acc[last + 3] += w * v; acc[last + 4] += w; }
    v = uda[i];
    if (v === v) { acc[o + 5] += w * v; acc[o + 6] += w; acc[last + 5] += w * v; acc[last + 6] += w; }
  };
  const scores = (slot: number) => {
    const o = slot * 7;
    return { gpa: mean(acc[o + 1], acc[o + 2]), moc: mean(acc[o + 3], acc[o + 4]), uda: mean(acc[o + 5], acc[o + 6]) };
  };
  const finish = (): Table => {
    const bySubtype: Record<string, unknown> = {};
    for (let i = 0; i < k - 1; i++) if (acc[i * 7] > 0) bySubtype[subtypes.list[i]] = scores(i);
    return vcbenchTableOf({ overall: scores(k - 1), by_subtype: bySubtype });
  };
  return fromAccumulator(Array.from({ length: n }, (_, i) => i), () => acc.fill(0), add, finish, (i) => `${sub[i]} ${gpa[i]} ${moc[i]} ${uda[i]}`);
}

function compileToc(records: readonly ItemRecord[]): CompiledTable<TocPrep> {
  const dims = new Keys();
  const tiers = new Keys();
  const formats = new Keys();
  const sources = new Keys();
  const prepare = (r: ItemRecord): TocPrep => {
    const ok = num(r.scores.correct);
    if (ok === null) return null;
    const l = r.labels;
    const bucket = tocHallucinationBucket({ metadata: { hallucination: l.hallucination as string | null | undefined, has_hallucination_distractor: l.has_hallucination_distractor } } as TocItem);
    const inv = num(r.scores.invalid);
    return {
      c: ok,
      inv: inv ?? 0,
      invKnown: inv !== null,
      dim: dims.of(l.dim === undefined ? "unknown" : String(l.dim)),
      tier: tiers.of(l.tier === undefined ? "unknown" : String(l.tier)),
      fmt: formats.of(r.format),
      src: sources.of(str(l.source) ?? "unknown"),
      hda: bucket === "variant_a" || bucket === "variant_b",
    };
  };
  const prepared = records.map(prepare);
  const acc = (k: Keys) => ({ c: new Float64Array(k.list.length), n: new Float64Array(k.list.length) });
  const dim = acc(dims);
  const tier = acc(tiers);
  const fmt = acc(formats);
  const src = acc(sources);
  let c = 0;
  let n = 0;
  let invalid = 0;
  let invalidKnown = false;
  let hc = 0;
  let hn = 0;
  const reset = () => {
    for (const a of [dim, tier, fmt, src]) {
      a.c.fill(0);
      a.n.fill(0);
    }
    c = n = invalid = hc = hn = 0;
    invalidKnown = false;
  };
  const add = (p: TocPrep, w: number) => {
    if (!p) return;
    const wc = w * p.c;
    n += w;
    c += wc;
    if (p.invKnown) {
      invalidKnown = true;
      invalid += w * p.inv;
    }
    dim.c[p.dim] += wc;
    dim.n[p.dim] += w;
    tier.c[p.tier] += wc;
    tier.n[p.tier] += w;
    fmt.c[p.fmt] += wc;
    fmt.n[p.fmt] += w;
    src.c[p.src] += wc;
    src.n[p.src] += w;
    if (p.hda) {
      hc += wc;
      hn += w;
    }
  };
  const rates = (k: Keys, a: { c: Float64Array; n: Float64Array }) => {
    const out: Record<string, number> = {};
    k.list.forEach((key, i) => {
      if (a.n[i] > 0) out[key] = a.c[i] / a.n[i];
    });
    return out;
  };
  const finish = (): Table => {
    const perDim = rates(dims, dim);
    const valid = dims.list.filter((_, i) => dim.n[i] >= TOC_MACRO_DIM_MIN_ITEMS);
    const perTier = rates(tiers, tier);
    let tierWeighted = 0;
    for (const [t, w] of Object.entries(TOC_TIER_WEIGHTS)) tierWeighted += (perTier[t] ?? 0) * w;
    return tocTableOf({
      n_scored: n,
      overall: c / Math.max(1, n),
      per_dim: perDim,
      hda: hn ? hc / hn : null,
      macro_dim: valid.length ? valid.reduce((sum, d) => sum + perDim[d], 0) / valid.length : 0,
      tier_weighted: tierWeighted,
      per_tier: perTier,
      per_format: rates(formats, fmt),
      per_source: rates(sources, src),
      invalid_rate: invalidKnown ? invalid / Math.max(1, n) : null,
    });
  };
  return fromAccumulator(prepared, reset, add, finish, (p) => (p ? `${p.c} ${p.inv} ${p.invKnown} ${p.dim} ${p.tier} ${p.fmt} ${p.src} ${p.hda}` : "-"));
}

/** Accumulators of one EC-Bench group (index 0 = all questions, then one per category). */
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

type EcPrep = { task: 0 | 1 | 2; cat: number; iou: number | null; match: number; abs: number | null; tp: number; fp: number; fn: number; complete: number; agree: number | null; enumCorrect: number } | null;

function compileEc(records: readonly ItemRecord[], variant: string): CompiledTable<EcPrep> {
  const cats = new Keys();
  const prepare = (r: ItemRecord): EcPrep => {
    const s = r.scores;
    if (num(s.skipped) === 1 || (typeof s.status === "string" && s.status !== "scored")) return null;
    const taskName = str(s.task) ?? (r.format === "counting" ? "Counting" : r.format === "enumeration" ? "Enumeration" : r.format);
    const cat = (str(r.labels.category) ?? "").trim();
    const complete = num(s.complete) ?? num(s.correct) ?? 0;
    const agree = num(s.precision_is_one);
    return {
      task: taskName === "Counting" ? 0 : taskName === "Enumeration" ? 1 : 2,
      cat: cat ? cats.of(cat) : -1,
      iou: variant === "paper" ? num(s.evidence_iou_hull) : num(s.evidence_iou),
      match: num(s.match) ?? num(s.correct) ?? 0,
      abs: num(s.abs_error),
      tp: num(s.tp) ?? 0,
      fp: num(s.fp) ?? 0,
      fn: num(s.fn) ?? 0,
      complete,
      agree,
      enumCorrect: variant === "paper" ? complete : (agree ?? 0),
    };
  };
  const prepared = records.map(prepare);
  let all = new EcAcc();
  let byCat: (EcAcc | undefined)[] = [];
  const add = (p: EcPrep, w: number) => {
    if (!p) return;
    const cat = p.cat >= 0 ? (byCat[p.cat] ??= new EcAcc()) : undefined;
    for (const g of cat ? [all, cat] : [all]) {
      if (p.iou !== null) {
        g.iouSum += w * p.iou;
        g.iouN += w;
      }
      if (p.task === 0) {
        g.countN += w;
        g.match += w * p.match;
        if (p.abs !== null) {
          g.absSum += w * p.abs;
          g.absN += w;
        }
      } else if (p.task === 1) {
        g.enumN += w;
        g.tp += w * p.tp;
        g.fp += w * p.fp;
        g.fn += w * p.fn;
        g.complete += w * p.complete;
        if (p.agree !== null) {
          g.agree += w * p.agree;
          g.agreeKnown += w;
        }
        g.enumCorrect += w * p.enumCorrect;
      }
    }
  };
  const finish = (): Table => {
    const byCategory: Record<string, EcGroupValues> = {};
    byCat.forEach((g, i) => {
      if (g) byCategory[cats.list[i]] = g.values();
    });
    return ecTableOf({ overall: all.values(), by_category: byCategory });
  };
  const reset = () => {
    all = new EcAcc();
    byCat = [];
  };
  return fromAccumulator(prepared, reset, add, finish, (p) => (p ? `${p.task} ${p.cat} ${p.iou} ${p.match} ${p.abs} ${p.tp} ${p.fp} ${p.fn} ${p.complete} ${p.agree} ${p.enumCorrect}` : "-"));
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

/**
 * `records` read once into a compact form (`prepared`) and a table function over any multiset
 * of prepared records (bootstrap replicates resample `prepared`). `variant` matters for EC-Bench (tIoU definition, overall accuracy).
 */
export function compileItemTable(benchmark: string, variant: string, records: readonly ItemRecord[]): CompiledTable {
  if (benchmark === "TOCBENCH") return compileToc(records) as CompiledTable;
  if (benchmark === "ECBENCH") return compileEc(records, variant) as CompiledTable;
  if (benchmark === "VCBENCH") return compileVcbench(records) as CompiledTable;
  // VSTAT and VSAS: the table of the records themselves (a weighted multiset is expanded).
  const prepared = [...records];
  const table = (sample: readonly unknown[]) => tableFromItems(benchmark, variant, sample as ItemRecord[]);
  return {
    prepared,
    table,
    weighted(weights) {
      const sample: ItemRecord[] = [];
      for (let i = 0; i < prepared.length; i++) for (let k = 0; k < weights[i]; k++) sample.push(prepared[i]);
      return table(sample);
    },
  };
}

/** The leaderboard table of a set of per-item records. `variant` matters for EC-Bench (tIoU definition, overall accuracy). */
export function tableFromItems(benchmark: string, variant: string, records: readonly ItemRecord[]): Table {
  switch (benchmark) {
    case "VCBENCH":
      return vcbench(records);
    case "TOCBENCH":
    {
      const c = compileToc(records);
      return c.table(c.prepared);
    }
    case "ECBENCH":
    {
      const c = compileEc(records, variant);
      return c.table(c.prepared);
    }
    case "VSTAT":
      return vstat(records);
    case "VSAS":
      return vsas(records);
    default:
      return {};
  }
}
