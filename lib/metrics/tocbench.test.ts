import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractTocAnswer } from "./parse-answer";
import {
  TOC_RANDOM_CHANCE,
  TOC_TIER_WEIGHTS,
  isTocCorrect,
  scoreTocbench,
  tocHallucinationBucket,
  tocSource,
  type TocItem,
  type TocPrediction,
} from "./tocbench";
import { parseTocBenchFile } from "./tocbench-schema";

const FIXTURES = new URL("../../tests/fixtures/tocbench/", import.meta.url);
/** 40 items copied from the real answer_final.json (every format, tier, bucket, source). */
const items = parseTocBenchFile(JSON.parse(readFileSync(new URL("answer_final.json", FIXTURES), "utf8"))).items;

/** Loads predictions as the reference `load_preds` does: skip blank/malformed/no-qa_id lines, last wins. */
function loadPreds(name: string): Map<string, Record<string, unknown> & { literal?: string }> {
  const out = new Map<string, Record<string, unknown> & { literal?: string }>();
  for (const line of readFileSync(new URL(name, FIXTURES), "utf8").split("\n")) {
    if (!line.trim()) continue;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line);
    } catch {
      continue;
    }
    if (!rec.qa_id) continue;
    const literal = /"extracted_answer":\s*(-?[0-9][0-9.eE+-]*)/.exec(line)?.[1];
    out.set(rec.qa_id as string, { ...rec, literal });
  }
  return out;
}

/**
 * Golden results: computed by running `compute_one_model` of the reference
 * `compute_metrics.py` (github.com/cjzcjz666/toc_bench @e4a10bc, CPython 3.11.7) with its
 * own `load_preds` on tests/fixtures/tocbench/answer_final.json and
 * preds-extracted.jsonl ("*_counts" keys and "model" dropped, as its --save-summary does).
 */
const GOLDEN_EXTRACTED = {"n_total": 40, "n_scored": 37, "n_missing_preds": 3, "n_invalid_extraction": 1, "invalid_rate": 0.02702702702702703, "overall": 0.5675675675675675, "macro_dim": 0.45454545454545453, "tier_weighted": 0.5412698412698412, "hda": 0.6363636363636364, "per_dim": {"temporal_location": 0.45454545454545453, "reappear_or_disappear": 0.5, "event_existence": 1.0, "event_count": 0.6, "event_ordering": 0.5, "conditional_state": 0.4, "duration_category": 0.8, "reappear_identity": 1.0}, "per_tier": {"tier1": 0.6111111111111112, "tier2": 0.5714285714285714, "tier3": 0.4}, "per_format": {"mcq_4": 0.5238095238095238, "sp": 0.8, "numerical": 0.6, "ordering_3": 0.3333333333333333, "ordering_4": 0.6666666666666666}, "per_source": {"perception": 0.45454545454545453, "charades": 0.625, "mose": 1.0, "ovis": 0.0}, "hallucination_buckets": {"clean": {"correct": 10, "total": 16, "accuracy": 0.625}, "variant_a": {"correct": 4, "total": 5, "accuracy": 0.8}, "variant_b": {"correct": 3, "total": 6, "accuracy": 0.5}, "distractor_only": {"correct": 4, "total": 10, "accuracy": 0.4}}};
/**
 * Golden results for raw outputs: the same reference run after replacing each record of
 * preds-raw.jsonl by `{"extracted_answer": extract(raw_output, format)}` with the
 * reference `answer_extractor.py` @e4a10bc.
 */
const GOLDEN_RAW = {"n_total": 40, "n_scored": 39, "n_missing_preds": 1, "n_invalid_extraction": 9, "invalid_rate": 0.23076923076923078, "overall": 0.5384615384615384, "macro_dim": 0.6923076923076923, "tier_weighted": 0.507, "hda": 0.5384615384615384, "per_dim": {"temporal_location": 0.6923076923076923, "reappear_or_disappear": 1.0, "event_existence": 0.0, "event_count": 0.2, "event_ordering": 0.6666666666666666, "conditional_state": 0.4, "duration_category": 0.6, "reappear_identity": 0.0}, "per_tier": {"tier1": 0.6, "tier2": 0.5, "tier3": 0.4}, "per_format": {"mcq_4": 0.6086956521739131, "sp": 0.4, "numerical": 0.2, "ordering_3": 0.3333333333333333, "ordering_4": 1.0}, "per_source": {"perception": 0.6666666666666666, "charades": 0.5, "ovis": 0.5, "mose": 0.0}, "hallucination_buckets": {"clean": {"correct": 7, "total": 16, "accuracy": 0.4375}, "variant_a": {"correct": 5, "total": 7, "accuracy": 0.7142857142857143}, "variant_b": {"correct": 2, "total": 6, "accuracy": 0.3333333333333333}, "distractor_only": {"correct": 7, "total": 10, "accuracy": 0.7}}};

function expectMatches(actual: Record<string, unknown>, golden: Record<string, unknown>) {
  for (const [k, v] of Object.entries(golden)) {
    if (typeof v === "number") expect(actual[k], k).toBeCloseTo(v, 12);
    else if (v && typeof v === "object" && k !== "hallucination_buckets") {
      const a = actual[k] as Record<string, number>;
      expect(Object.keys(a), k).toEqual(Object.keys(v));
      for (const [kk, vv] of Object.entries(v as Record<string, number>)) expect(a[kk], `${k}.${kk}`).toBeCloseTo(vv, 12);
    } else if (k === "hallucination_buckets") {
      const a = actual[k] as Record<string, { correct: number; total: number; accuracy: number }>;
      for (const [b, vv] of Object.entries(v as Record<string, { correct: number; total: number; accuracy: number }>)) {
        expect(a[b].correct).toBe(vv.correct);
        expect(a[b].total).toBe(vv.total);
        expect(a[b].accuracy).toBeCloseTo(vv.accuracy, 12);
      }
    } else expect(actual[k], k).toEqual(v);
  }
}

describe("isTocCorrect (reference is_correct)", () => {
  const mcq: TocItem = { qa_id: "q", format: "mcq_4", video_id: "charades_X", correct_answer: "B" };
  const num: TocItem = { qa_id: "n", format: "numerical", video_id: "ovis_1", correct_answer: "3" };
  const ord: TocItem = { qa_id: "o", format: "ordering_3", video_id: "mose_1", correct_order: ["B", "A", "C"] };
  const p = (extracted: unknown, numberLiteral?: string): TocPrediction => ({ extracted, numberLiteral });

  it("compares strings exactly and mirrors Python str() for numbers (hand-computed)", () => {
    expect(isTocCorrect(p("B"), mcq)).toBe(true);
    expect(isTocCorrect(p("b"), mcq)).toBe(false);
    expect(isTocCorrect(p(null), mcq)).toBe(false);
    expect(isTocCorrect(p(3), num)).toBe(true); // str(3) == "3"
    expect(isTocCorrect(p(3, "3.0"), num)).toBe(false); // str(3.0) == "3.0"
    expect(isTocCorrect(p(true), num)).toBe(false);
    expect(isTocCorrect(p(["B"]), mcq)).toBe(false);
    expect(isTocCorrect(p(""), { ...mcq, correct_answer: undefined })).toBe(true); // str("") == item.get("correct_answer", "")
  });

  it("compares ordering answers as Python lists (hand-computed)", () => {
    expect(isTocCorrect(p(["B", "A", "C"]), ord)).toBe(true);
    expect(isTocCorrect(p("BAC"), ord)).toBe(true); // list("BAC")
    expect(isTocCorrect(p("B, A, C"), ord)).toBe(false);
    expect(isTocCorrect(p(["B", "A"]), ord)).toBe(false);
    expect(isTocCorrect(p({ B: 1, A: 2, C: 3 }), ord)).toBe(true); // list(dict) = keys
    expect(isTocCorrect(p(5), ord)).toBe(false);
    expect(isTocCorrect(p(["B", "A", "C"]), { ...ord, correct_order: [] })).toBe(false);
  });
});

describe("item helpers", () => {
  it("derives source and hallucination bucket as the reference", () => {
    expect(tocSource("perception_test_video_5866")).toBe("perception");
    expect(tocSource("_x")).toBe("unknown");
    const base: TocItem = { qa_id: "a", format: "sp", video_id: "c_1", correct_answer: "A" };
    expect(tocHallucinationBucket({ ...base, metadata: { hallucination: "variant_a", has_hallucination_distractor: true } })).toBe("variant_a");
    expect(tocHallucinationBucket({ ...base, metadata: { hallucination: null, has_hallucination_distractor: true } })).toBe("distractor_only");
    expect(tocHallucinationBucket({ ...base, metadata: null })).toBe("clean");
    expect(TOC_TIER_WEIGHTS.tier1 + TOC_TIER_WEIGHTS.tier2 + TOC_TIER_WEIGHTS.tier3).toBeCloseTo(1, 15);
    expect(TOC_RANDOM_CHANCE).toEqual({ mcq_4: 1 / 4, sp: 1 / 2, numerical: 1 / 4, ordering_3: 1 / 6, ordering_4: 1 / 24 });
  });
});

describe("scoreTocbench on the fixture (golden vs reference compute_metrics.py)", () => {
  it("reproduces every reported number for extracted answers", () => {
    const raw = loadPreds("preds-extracted.jsonl");
    const preds = new Map([...raw].map(([k, r]) => [k, { extracted: r.extracted_answer, numberLiteral: r.literal } as TocPrediction]));
    const r = scoreTocbench(items, preds);
    expectMatches(r as unknown as Record<string, unknown>, GOLDEN_EXTRACTED);
  });

  it("reproduces every reported number for raw outputs run through the extractor", () => {
    const raw = loadPreds("preds-raw.jsonl");
    const byId = new Map(items.map((i) => [i.qa_id, i]));
    const preds = new Map<string, TocPrediction>();
    for (const [k, r] of raw) {
      const item = byId.get(k);
      if (item) preds.set(k, { extracted: extractTocAnswer(r.raw_output, item.format) });
    }
    expectMatches(scoreTocbench(items, preds) as unknown as Record<string, unknown>, GOLDEN_RAW);
  });
});

describe("scoreTocbench edge cases (hand-computed)", () => {
  const mk = (i: number, over: Partial<TocItem> = {}): TocItem => ({
    qa_id: `q${i}`,
    format: "sp",
    video_id: `charades_${i}`,
    correct_answer: "A",
    metadata: { dim: i < 10 ? "big" : "small", tier: "tier1", hallucination: null, has_hallucination_distractor: false },
    ...over,
  });

  it("handles empty input, missing predictions, macro threshold and missing tiers", () => {
    const empty = scoreTocbench([], new Map());
    expect([empty.overall, empty.macro_dim, empty.tier_weighted, empty.hda, empty.invalid_rate, empty.n_scored]).toEqual([0, 0, 0, null, 0, 0]);
    const its = Array.from({ length: 12 }, (_, i) => mk(i));
    const preds = new Map<string, TocPrediction>(its.slice(0, 11).map((it, i) => [it.qa_id, { extracted: i % 2 === 0 ? "A" : null }]));
    const r = scoreTocbench(its, preds);
    expect(r.n_scored).toBe(11);
    expect(r.n_missing_preds).toBe(1);
    expect(r.overall).toBeCloseTo(6 / 11, 15);
    expect(r.invalid_rate).toBeCloseTo(5 / 11, 15);
    expect(r.per_dim).toEqual({ big: 0.5, small: 1 });
    expect(r.macro_dim).toBe(0.5); // "small" has 1 scored item < 10
    expect(r.tier_weighted).toBeCloseTo(0.32 * (6 / 11), 15); // tier2/tier3 absent count 0
    expect(r.hda).toBeNull();
  });

  it("keeps every accuracy in [0, 1] and ignores item order (property)", () => {
    const item = fc.record({
      fmt: fc.constantFrom("mcq_4", "sp", "numerical", "ordering_3"),
      dim: fc.constantFrom("a", "b"),
      tier: fc.constantFrom("tier1", "tier2", "tier3"),
      h: fc.constantFrom(null, "variant_a", "variant_b"),
      answer: fc.option(fc.constantFrom("A", "B", "3", "x")),
      has: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (spec) => {
        const its: TocItem[] = spec.map((s, i) => ({
          qa_id: `q${i}`,
          format: s.fmt,
          video_id: `src${i % 3}_v`,
          correct_answer: s.fmt === "ordering_3" ? undefined : "A",
          correct_order: s.fmt === "ordering_3" ? ["A", "B", "C"] : undefined,
          metadata: { dim: s.dim, tier: s.tier, hallucination: s.h, has_hallucination_distractor: s.has },
        }));
        const preds = new Map<string, TocPrediction>(spec.flatMap((s, i) => (s.has ? [[`q${i}`, { extracted: s.answer }] as [string, TocPrediction]] : [])));
        const a = scoreTocbench(its, preds);
        const b = scoreTocbench([...its].reverse(), preds);
        for (const v of [a.overall, a.macro_dim, a.tier_weighted, a.invalid_rate, a.hda ?? 0]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        expect(b.overall).toBeCloseTo(a.overall, 12);
        expect(b.hda === null ? null : b.hda).toEqual(a.hda === null ? null : expect.closeTo(a.hda, 12));
        const byFormat = Object.entries(a.per_format_counts).reduce((s, [, t]) => s + t.correct, 0);
        expect(byFormat / Math.max(1, a.n_scored)).toBeCloseTo(a.overall, 12);
      }),
    );
  });
});
