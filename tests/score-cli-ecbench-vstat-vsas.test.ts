import { describe, it, expect } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as ecbench from "@/lib/score-cli/ecbench";
import * as vsas from "@/lib/score-cli/vsas";
import * as vstat from "@/lib/score-cli/vstat";

/*
 * Runs the EC-Bench, VSTAT and VSAS-Bench file adapters on the fixtures.
 *
 * Fixtures:
 * - tests/fixtures/ecbench/truth.csv: 15 rows copied unchanged from EC-Bench
 *   `close_models/data/dataset.csv` (@601ddae; multi-line cells, → and -> lists, a
 *   blank genre, a blank clips cell, malformed clips of question 110 and 1000);
 *   preds.csv / preds-judged.csv: the same rows plus synthetic `model_A`, `model_clips`
 *   (and judged `model_tp/_fp/_fn`) columns.
 * - tests/fixtures/vstat/: a synthetic QA JSON in the documented format (no public file).
 * - tests/fixtures/vsas/: synthetic tasks, responses and judgements (docs/formats/vsas.md).
 *
 * Provenance of golden values:
 * (REF-EC) reference `evaluate_dataframe` + `_compute_summary` of matsuolab/EC-Bench
 *   `close_models/evaluation/judge_core.py` (@601ddae) run with python3 on
 *   preds-judged.csv, its LLM judge replaced by a stub returning the fixture's judged
 *   counts (pandas/tqdm replaced by minimal stand-ins). Its clip parsing is the
 *   reference's, hence `clipParser: "reference"` below.
 * (REF-VSTAT) vision-x-nyu/vstat `lmms_eval/tasks/vstat/utils.py` (@5274c5e):
 *   `process_docs`, `process_results`, `aggregate_mean` run with python3 + numpy on
 *   qa.json + preds.jsonl; breakdowns are means of its per-question scores; chance
 *   baselines by brute force over integer constants with its MRA.
 * (PY-VSAS) an independent python3 implementation of the paper's Eq. 1–4 (difflib
 *   longest match for LCSubstr) on tasks.jsonl + responses-judged.jsonl.
 * (HAND) worked out by hand.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const fx = (...p: string[]) => path.join(here, "fixtures", ...p);
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe("ecbench adapter", () => {
  it("reproduces the reference summary with judged counts and reference clip parsing (REF-EC)", async () => {
    const { result, problems } = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "preds-judged.csv"), clipParser: "reference" });
    const ref: Record<string, number> = {
      counting_total: 5,
      counting_match: 2,
      counting_match_rate_percent: 40.0,
      counting_mae: 0.25,
      counting_rmse: 0.5,
      enumeration_total: 9,
      enumeration_tp_total: 43,
      enumeration_fp_total: 1,
      enumeration_fn_total: 10,
      enumeration_precision: 0.9772727272727273,
      enumeration_recall: 0.8113207547169812,
      enumeration_f1: 0.88659793814433,
      enumeration_agreement_count: 8,
      enumeration_agreement_rate_percent: 88.88888888888889,
      overall_accuracy_percent: 71.42857142857143,
      clip_miou: 0.3987421492635043,
      A: 75.0,
      B: 100.0,
      C: 50.0,
      D: 0.0,
      E: 0.0,
      F: 50.0,
    };
    for (const [k, v] of Object.entries(ref)) expect(result[k], k).toBeCloseTo(v, 12);
    expect(result).toMatchObject({ model: "model", answer_column: "model_A", clips_column: "model_clips", enumeration_judged_count: 9, skipped_blank_prediction: 1 });
    expect(codes(problems)).toEqual(["blank_answer"]);
    expect(ecbench.formatTable(result)).toContain("C Speech/Audio");
  });

  it("opt-in lenient clip parsing reports malformed truth clips; deterministic matcher without judged columns (HAND)", async () => {
    const { result, problems } = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "preds.csv"), clipParser: "lenient" });
    // Deterministic item matching (normalised equality, one-to-one):
    //  q2 tp4 fp2 fn3 (Soba shop ≠ Soba noodle shop), q6 4/0/0, q16 4/0/1, q28 6/1/1
    //  (chefs ≠ chef's), q110 11/0/0, q304 6/0/0, q412 2/0/2 ("Serena>Serena" is one
    //  item), q612 0/2/2 (truth has 2 arrow steps), q1000 2/0/0.
    expect([result.enumeration_tp_total, result.enumeration_fp_total, result.enumeration_fn_total]).toEqual([39, 5, 9]);
    expect(result.enumeration_agreement_count).toBe(6);
    expect(result.enumeration_complete_count).toBe(4);
    expect(result.enumeration_judged_count).toBe(0);
    // Counting is unaffected by the matcher.
    expect(result.counting_match_rate_percent).toBe(40);
    // q110's truth clips "[0:06:09,06:15]" etc. are read as intended and reported.
    const repaired = problems.filter((p) => p.code === "clip_repaired");
    expect(repaired.length).toBeGreaterThanOrEqual(2);
    expect(repaired[0]).toMatchObject({ id: "110", field: "clips" });
    expect(repaired[0].message).toMatch(/^line \d+ of truth\.csv \(question 110, clips\)/);
    expect(result.clip_iou_count).toBe(14);
    expect(result.clip_miou as number).not.toBeCloseTo(0.3987421492635043, 6);
  });

  it("the default clip parser is the reference's: on the REF-EC fixture it gives the reference's clip_miou (REF-EC)", async () => {
    const { result, problems } = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "preds-judged.csv") });
    expect(result.clip_parser).toBe("reference");
    expect(result.clip_miou as number).toBeCloseTo(0.3987421492635043, 12);
    expect(codes(problems)).toEqual(["blank_answer"]);
  });

  /*
   * tests/fixtures/ecbench/malformed-clips: five synthetic rows whose clip cells are
   * malformed the ways the real file's are. Expected values worked out by hand from the
   * reference's documented rules (judge_core.py `parse_clip_intervals`: every strict
   * H:MM:SS match of the cell, paired in order; `compute_iou`: union IoU of the merged
   * lists, both empty → not counted, one empty → 0):
   *   q1 truth "[0:00:10,0:00:20], [0:00:30,00:40]" → tokens 10,20,30 → [10,20];
   *      pred [10,20]+[30,40] → 10 / 20 = 0.5     (lenient: truth [10,20]+[30,40] → 1)
   *   q2 truth "[0:01:00,1:10], [0:01:20,0:01:30]" → tokens 60,80,90 → [60,80];
   *      pred [80,90] → 0 / 30 = 0                (lenient: [60,70]+[80,90] → 10/20 = 0.5)
   *   q3 truth [120,150]; pred "[0:02:00,0:02:15" (no closing bracket) → [120,135] → 0.5
   *      (both; a missing bracket is not a repair worth reporting)
   *   q4 truth "0" → no clip; pred [180,190] → 0 (both; lenient reports clip_unparseable)
   *   q5 both blank → not counted
   * reference clip_miou = (0.5 + 0 + 0.5 + 0) / 4 = 0.25; lenient = (1 + 0.5 + 0.5 + 0) / 4 = 0.5.
   */
  it("on malformed clips the default equals the reference; lenient is opt-in and reports each repaired cell (HAND)", async () => {
    const files = { truth: fx("ecbench", "malformed-clips", "truth.csv"), preds: fx("ecbench", "malformed-clips", "preds.csv") };
    const byDefault = await ecbench.scoreFiles(files);
    expect(byDefault.result).toMatchObject({ clip_parser: "reference", clip_iou_count: 4 });
    expect(byDefault.result.clip_miou).toBe(0.25);
    expect(byDefault.problems.filter((p) => p.code.startsWith("clip_"))).toEqual([]);
    const lenient = await ecbench.scoreFiles({ ...files, clipParser: "lenient" });
    expect(lenient.result).toMatchObject({ clip_parser: "lenient", clip_iou_count: 4 });
    expect(lenient.result.clip_miou).toBe(0.5);
    const clipProblems = lenient.problems.filter((p) => p.code.startsWith("clip_")).map((p) => `${p.code}:${p.id}:${p.field}`);
    expect(clipProblems).toEqual(["clip_repaired:1:clips", "clip_repaired:2:clips", "clip_unparseable:4:clips"]);
  });

  it("paper variant uses hull tIoU and complete-list accuracy (HAND)", async () => {
    const { result } = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "preds-judged.csv"), variant: "paper", clipParser: "reference" });
    expect(result.variant).toBe("paper");
    expect(result.clip_miou).toBe(result.clip_miou_hull);
    // Judged complete rows (FP = FN = 0): q6, q28, q110, q304, q1000 → 5 of 9.
    expect(result.enumeration_complete_count).toBe(5);
    expect(result.overall_accuracy_percent as number).toBeCloseTo(((2 + 5) / 14) * 100, 12);
  });

  it("truth copied as predictions is perfect; end padding makes one-second clips count (HAND)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ecbench-"));
    try {
      const text = readFileSync(fx("ecbench", "truth.csv"), "utf8");
      // Re-emit the file with copy_A = answer and copy_clips = clips via a CSV round trip.
      const { parse } = await import("csv-parse/sync");
      const rows = parse(text) as string[][];
      const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
      const header = rows[0];
      const ai = header.indexOf("answer");
      const ci = header.indexOf("clips");
      const out = [[...header, "copy_A", "copy_clips"].join(",")];
      for (const r of rows.slice(1)) out.push([...r, r[ai], r[ci]].map(q).join(","));
      const preds = path.join(dir, "copy.csv");
      writeFileSync(preds, out.join("\n") + "\n");
      const { result } = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds });
      expect(result).toMatchObject({ counting_match_rate_percent: 100, enumeration_f1: 1, enumeration_agreement_rate_percent: 100, overall_accuracy_percent: 100, clip_miou: 1 });
      const padded = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds, clipEndPadding: 1 });
      expect(padded.result.clip_miou).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports unknown, duplicate, mismatched and missing rows, bad judged counts and broken CSV; never throws on rows (HAND)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ecbench-"));
    try {
      const preds = path.join(dir, "bad.csv");
      writeFileSync(
        preds,
        [
          "video_id,question_id,m_A,m_clips,m_tp,m_fp,m_fn",
          '1,1,2,"[0:03:19,0:03:23]",,,',
          "1,1,3,,,,",
          "1,999,4,,,,",
          "9,5,3,,,,",
          '1,6,"Ringo, Ugh",[0:02:03,0:02:08],x,0,1',
          '1,2,"broken',
          "",
        ].join("\n"),
      );
      const { result, problems } = await ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds, answerColumn: "m_A" });
      const c = codes(problems);
      expect(c).toContain("malformed_csv");
      expect(c).toContain("duplicate_id");
      expect(c).toContain("unknown_id");
      expect(c).toContain("id_mismatch");
      expect(c).toContain("invalid_judgement");
      expect(c.filter((x) => x === "missing_prediction").length).toBe(13);
      const dup = problems.find((p) => p.code === "duplicate_id")!;
      expect(dup.line).toBe(3);
      expect(problems.find((p) => p.code === "unknown_id")?.line).toBe(4);
      expect(result).toMatchObject({ counting_total: 1, counting_match: 1, enumeration_total: 1, missing_predictions: 13 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fatal errors name the file and reason", async () => {
    await expect(ecbench.scoreFiles({ truth: fx("ecbench", "nope.csv"), preds: fx("ecbench", "preds.csv") })).rejects.toThrow(/no such file/);
    await expect(ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "truth.csv") })).rejects.toThrow(/no answer column/);
    await expect(ecbench.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "preds.csv"), answerColumn: "zzz" })).rejects.toThrow(/answer column "zzz" not found/);
  });
});

describe("vstat adapter", () => {
  it("scores the fixture like the reference, with breakdowns and chance rows (REF-VSTAT)", async () => {
    const { result, problems } = await vstat.scoreFiles({ truth: fx("vstat", "qa.json"), preds: fx("vstat", "preds.jsonl") });
    expect(result.ALL_Score_avg as number).toBeCloseTo(0.6, 12);
    expect(result.MCQ_ACC as number).toBeCloseTo(0.5714285714285714, 12);
    expect(result.Numeric_MRA as number).toBeCloseTo(0.6285714285714287, 12);
    const el = result.by_state_element as Record<string, { ALL_Score_avg: number }>;
    expect(el.Count.ALL_Score_avg).toBeCloseTo(0.6285714285714287, 12);
    expect((result.by_perceptual_challenge as Record<string, { ALL_Score_avg: number }>).Occlusion.ALL_Score_avg).toBeCloseTo(0.42, 12);
    expect((result.by_video_source as Record<string, { ALL_Score_avg: number }>).YouTube.ALL_Score_avg).toBeCloseTo(0.75, 12);
    const chance = result.chance as { random: { ALL_Score_avg: number }; frequency: { ALL_Score_avg: number } };
    expect(chance.random.ALL_Score_avg).toBeCloseTo(0.35, 12);
    expect(chance.frequency.ALL_Score_avg).toBeCloseTo(0.5071428571428571, 12);
    expect(result).toMatchObject({ n_docs: 14, n_predictions: 13, n_missing_predictions: 1 });
    expect(problems).toEqual([expect.objectContaining({ code: "missing_prediction", id: "7" })]);
    const table = vstat.formatTable(result);
    expect(table).toContain("Chance Level (Frequency)");
    expect(table).toMatch(/preds\s+60\.0/);
  });

  it("reports malformed, unknown, duplicate and unusable prediction lines (HAND)", async () => {
    const { result, problems } = await vstat.scoreFiles({ truth: fx("vstat", "qa.json"), preds: fx("vstat", "preds-bad.jsonl") });
    const byCode = (c: string) => problems.filter((p) => p.code === c);
    expect(byCode("duplicate_id")[0]).toMatchObject({ line: 2, id: "0" });
    expect(byCode("malformed_json")[0]).toMatchObject({ line: 3 });
    expect(byCode("malformed_json")[0].message).toMatch(/^line 3 of preds-bad\.jsonl/);
    expect(byCode("unknown_id")[0]).toMatchObject({ line: 5, id: "99" });
    expect(byCode("invalid_id")[0]).toMatchObject({ line: 6 });
    expect(byCode("invalid_answer")[0]).toMatchObject({ line: 7, id: "3" });
    expect(byCode("invalid_record")[0]).toMatchObject({ line: 8 });
    expect(byCode("missing_prediction").length).toBe(11);
    // doc 0 "12" vs 12 → 1; doc 4 "B" vs B → 1; everything else 0: 2/14.
    expect(result.ALL_Score_avg as number).toBeCloseTo(2 / 14, 12);
  });

  it("a truth file that is not VSTAT JSON is fatal with a reason", async () => {
    await expect(vstat.scoreFiles({ truth: fx("vstat", "preds.jsonl"), preds: fx("vstat", "preds.jsonl") })).rejects.toThrow(/not valid JSON/);
  });
});

describe("vsas adapter", () => {
  it("scores tasks with inline judgements (PY-VSAS)", async () => {
    const { result, problems } = await vsas.scoreFiles({ truth: fx("vsas", "tasks.jsonl"), preds: fx("vsas", "responses-judged.jsonl") });
    // Task p2 has 2 of 3 seconds judged: A over its judged seconds (1), so A = (0.8 + 0.75 + 0 + 1) / 4,
    // partial (14 of 15 seconds judged): docs/metrics/vsas.md.
    expect(result.accuracy as number).toBeCloseTo(0.6375, 14);
    expect(result).toMatchObject({ timesteps: 15, judged_timesteps: 14 });
    expect(result.consistency as number).toBeCloseTo(0.6652346836170365, 14);
    expect(result.rubric_mean as number).toBeCloseTo(1.8, 14);
    const by = result.by_task_type as Record<string, { accuracy: number; consistency: number }>;
    expect(by.Present.accuracy).toBeCloseTo(0.9, 14);
    expect(by.Cumulative.consistency).toBeCloseTo(0.3653846153846154, 14);
    expect(by.Future).toMatchObject({ accuracy: 0 });
    expect(codes(problems).sort()).toEqual(["missing_judgement", "missing_prediction"]);
    expect(result).toMatchObject({ n_tasks: 4, n_response_events: 10, n_judgements: 14 });
    expect(vsas.formatTable(result)).toMatch(/Accuracy\s+90\.0\s+75\.0\s+0\.0\s+63\.[78]/);
    expect(vsas.formatTable(result)).toContain("PARTIAL: judged 14 of 15 seconds");
  });

  it("a separate judgement file gives the same result", async () => {
    const a = await vsas.scoreFiles({ truth: fx("vsas", "tasks.jsonl"), preds: fx("vsas", "responses-judged.jsonl") });
    const b = await vsas.scoreFiles({ truth: fx("vsas", "tasks.jsonl"), preds: fx("vsas", "responses.jsonl"), judgements: fx("vsas", "judgements.jsonl") });
    expect(b.result.accuracy).toBe(a.result.accuracy);
    expect(b.result.consistency).toBe(a.result.consistency);
  });

  it("without judgements: consistency only, reported (HAND)", async () => {
    const { result, problems } = await vsas.scoreFiles({ truth: fx("vsas", "tasks.jsonl"), preds: fx("vsas", "responses.jsonl") });
    expect(result.accuracy).toBeNull();
    expect(result.consistency as number).toBeCloseTo(0.6652346836170365, 14);
    expect(codes(problems)).toContain("no_judgements");
  });

  it("reports every bad task and event line with its number (HAND)", async () => {
    const { result, problems } = await vsas.scoreFiles({ truth: fx("vsas", "tasks-bad.jsonl"), preds: fx("vsas", "responses-bad.jsonl") });
    const at = (code: string) => problems.filter((p) => p.code === code).map((p) => p.line);
    expect(at("duplicate_id")).toEqual([2, 2]);
    expect(at("invalid_task_type")).toEqual([3]);
    expect(at("missing_field")).toEqual([5]);
    expect(at("duplicate_time")).toEqual([6]);
    expect(at("missing_id")).toEqual([8]);
    expect(at("malformed_json")).toEqual([7, 9]);
    expect(at("unknown_id")).toEqual([3]);
    expect(at("unknown_timestep")).toEqual([8]);
    expect(at("invalid_field")).toEqual([4, 6, 6, 4, 5, 6, 7, 10]);
    // p1, x1 ("Past", scored under that name) and x4 survive; x2, x3 are dropped.
    expect(result.n_tasks).toBe(3);
    expect(Object.keys(result.by_task_type as object)).toEqual(["Present", "Cumulative", "Future", "Past"]);
  });
});
