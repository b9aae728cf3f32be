import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScore } from "@/lib/score-cli/dispatch";
import * as tocbench from "@/lib/score-cli/tocbench";
import * as vcbench from "@/lib/score-cli/vcbench";

/**
 * Runs the command-line scorer's dispatcher on the VCBench and TOC-Bench fixtures
 * (tests/fixtures/vcbench, tests/fixtures/tocbench; see their README.md for provenance).
 *
 * Golden values: computed by running the reference scripts (CPython 3.11.7) on the same
 * fixture files:
 * - VCBench: `eval/compute_metrics.py` of github.com/buaa-colalab/VCBench @48ab208 with the
 *   fixture truth as subtype file; per-point files first through `eval/unify_results.py`;
 *   for preds-per-point-invalid.jsonl the reference cannot score invalid answers (it
 *   raises TypeError on None), so the golden is the reference run on that file with the
 *   invalid lines deleted, i.e. Playhead's exclusion rule; the paper-variant goldens are
 *   reference runs on files whose points were sorted by query time (and, for text
 *   answers, replaced by the first number written with digits or words).
 * - TOC-Bench: `compute_one_model` of `compute_metrics.py` (github.com/cjzcjz666/toc_bench
 *   @e4a10bc); for raw outputs after `extract()` of its `answer_extractor.py`.
 * The expectations for preds-malformed.jsonl are hand-computed (see comments).
 */

const VC = "tests/fixtures/vcbench";
const TOC = "tests/fixtures/tocbench";
const out = mkdtempSync(join(tmpdir(), "playhead-score-cli-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function score(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runScore(args, { vcbench, tocbench }, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr, json: args.includes("--json") && stdout ? (JSON.parse(stdout) as Record<string, any>) : undefined };
}

const VC_GOLDEN = {
  unified_reference: { overall: {"gpa": 0.44610345221633474, "moc": 0.4772727272727273, "uda": 0.796374799919968, "n_questions": 18, "gpa_n": 18, "moc_n": 11, "uda_n": 14}, by_subtype: {"O1-Snap": {"n_questions": 3, "gpa": 0.6666666666666666, "moc": null, "uda": 1.0}, "O1-Delta": {"n_questions": 2, "gpa": 6.919482633683884e-88, "moc": null, "uda": null}, "O2-Unique": {"n_questions": 3, "gpa": 0.5945589178526527, "moc": 0.08333333333333333, "uda": 0.5814950980392157}, "O2-Gain": {"n_questions": 2, "gpa": 1.3838965267367769e-87, "moc": null, "uda": null}, "E1-Action": {"n_questions": 2, "gpa": 0.46400076477252444, "moc": 0.0, "uda": 0.6190476190476191}, "E1-Transit": {"n_questions": 2, "gpa": 0.46666667478520507, "moc": 0.5, "uda": 0.75}, "E2-Episode": {"n_questions": 2, "gpa": 0.5833333333612537, "moc": 1.0, "uda": 0.8333333333333333}, "E2-Periodic": {"n_questions": 2, "gpa": 0.6090919202490506, "moc": 1.0, "uda": 1.0}} },
  unified_paper: { overall: {"gpa": 0.44610345221633474, "moc": 0.4772727272727273, "uda": 0.7606605142056823, "n_questions": 18, "gpa_n": 18, "moc_n": 11, "uda_n": 14} },
  per_point_reference: { overall: {"gpa": 0.521760727587811, "moc": 0.6207426152279093, "uda": 0.7275535214085634, "n_questions": 18, "gpa_n": 18, "moc_n": 11, "uda_n": 14}, by_subtype: {"O1-Snap": {"n_questions": 3, "gpa": 0.7777777777777777, "moc": null, "uda": 0.8333333333333334}, "O1-Delta": {"n_questions": 2, "gpa": 0.5, "moc": null, "uda": null}, "O2-Unique": {"n_questions": 3, "gpa": 0.5803495489800933, "moc": 0.3633578431372549, "uda": 0.5698529411764706}, "O2-Gain": {"n_questions": 2, "gpa": 6.919482633683884e-88, "moc": null, "uda": null}, "E1-Action": {"n_questions": 2, "gpa": 0.48036042162832987, "moc": 0.369047619047619, "uda": 0.6547619047619048}, "E1-Transit": {"n_questions": 2, "gpa": 0.8333333333333333, "moc": 1.0, "uda": 1.0}, "E2-Episode": {"n_questions": 2, "gpa": 0.2921499066841008, "moc": 0.5, "uda": 0.3333333333333333}, "E2-Periodic": {"n_questions": 2, "gpa": 0.5528118965077289, "moc": 1.0, "uda": 1.0}} },
  per_point_invalid_reference: { overall: {"gpa": 0.5524049017171128, "moc": 0.6510456455309396, "uda": 0.7156487595038016, "n_questions": 17, "gpa_n": 17, "moc_n": 11, "uda_n": 14} },
  per_point_invalid_paper: { overall: {"gpa": 0.4828719077079156, "moc": 0.6055911000763942, "uda": 0.7335059023609444, "n_questions": 18, "gpa_n": 18, "moc_n": 11, "uda_n": 14} },
};
const TOC_GOLDEN = { extracted: {"overall": 0.5675675675675675, "macro_dim": 0.45454545454545453, "tier_weighted": 0.5412698412698412, "hda": 0.6363636363636364, "invalid_rate": 0.02702702702702703, "n_scored": 37, "n_missing_preds": 3, "per_dim": {"temporal_location": 0.45454545454545453, "reappear_or_disappear": 0.5, "event_existence": 1.0, "event_count": 0.6, "event_ordering": 0.5, "conditional_state": 0.4, "duration_category": 0.8, "reappear_identity": 1.0}, "per_tier": {"tier1": 0.6111111111111112, "tier2": 0.5714285714285714, "tier3": 0.4}, "per_format": {"mcq_4": 0.5238095238095238, "sp": 0.8, "numerical": 0.6, "ordering_3": 0.3333333333333333, "ordering_4": 0.6666666666666666}, "per_source": {"perception": 0.45454545454545453, "charades": 0.625, "mose": 1.0, "ovis": 0.0}, "hallucination_buckets": {"clean": {"correct": 10, "total": 16, "accuracy": 0.625}, "variant_a": {"correct": 4, "total": 5, "accuracy": 0.8}, "variant_b": {"correct": 3, "total": 6, "accuracy": 0.5}, "distractor_only": {"correct": 4, "total": 10, "accuracy": 0.4}}}, raw: {"overall": 0.5384615384615384, "macro_dim": 0.6923076923076923, "tier_weighted": 0.507, "hda": 0.5384615384615384, "invalid_rate": 0.23076923076923078, "n_scored": 39, "n_missing_preds": 1, "per_dim": {"temporal_location": 0.6923076923076923, "reappear_or_disappear": 1.0, "event_existence": 0.0, "event_count": 0.2, "event_ordering": 0.6666666666666666, "conditional_state": 0.4, "duration_category": 0.6, "reappear_identity": 0.0}, "per_tier": {"tier1": 0.6, "tier2": 0.5, "tier3": 0.4}, "per_format": {"mcq_4": 0.6086956521739131, "sp": 0.4, "numerical": 0.2, "ordering_3": 0.3333333333333333, "ordering_4": 1.0}, "per_source": {"perception": 0.6666666666666666, "charades": 0.5, "ovis": 0.5, "mose": 0.0}, "hallucination_buckets": {"clean": {"correct": 7, "total": 16, "accuracy": 0.4375}, "variant_a": {"correct": 5, "total": 7, "accuracy": 0.7142857142857143}, "variant_b": {"correct": 2, "total": 6, "accuracy": 0.3333333333333333}, "distractor_only": {"correct": 7, "total": 10, "accuracy": 0.7}}} };

function expectClose(actual: Record<string, any>, golden: Record<string, any>, path = "") {
  for (const [k, v] of Object.entries(golden)) {
    const where = `${path}${k}`;
    if (v === null) expect(actual[k], where).toBeNull();
    else if (typeof v === "number") expect(actual[k], where).toBeCloseTo(v, 12);
    else if (typeof v === "object") expectClose(actual[k], v, `${where}.`);
    else expect(actual[k], where).toEqual(v);
  }
}

describe("score CLI: vcbench", () => {
  it("scores unified predictions like the reference and prints one JSON object", async () => {
    const r = await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-unified.jsonl`, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    const j = r.json!;
    expect(Object.keys(j.overall)).toEqual(expect.arrayContaining(["gpa", "moc", "uda", "n_questions", "gpa_n", "moc_n", "uda_n"]));
    for (const st of Object.values(j.by_subtype) as Array<Record<string, unknown>>) expect(Object.keys(st)).toEqual(expect.arrayContaining(["gpa", "moc", "uda", "n_questions"]));
    expectClose(j, VC_GOLDEN.unified_reference);
    expect(j.problems).toEqual([]);
    expect(r.stderr).toBe("");
  });

  it("offers the paper variant (query points in time order)", async () => {
    const r = await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-unified.jsonl`, "--variant", "paper", "--json"]);
    expectClose(r.json!, VC_GOLDEN.unified_paper);
    expect(r.json!.variant).toBe("paper");
  });

  it("scores per-point raw text predictions matched by (rounded) query time", async () => {
    const r = await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-per-point.jsonl`, "--json"]);
    expectClose(r.json!, VC_GOLDEN.per_point_reference);
    expect(r.json!.problems).toEqual([]);
  });

  it("excludes and counts invalid answers, per variant", async () => {
    const ref = (await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-per-point-invalid.jsonl`, "--json"])).json!;
    // n_questions: question 0081 has a prediction record whose only answer is invalid; it counts
    // as a scored question without metrics (the reference golden, computed without that line, has 17).
    expectClose(ref, { overall: { ...VC_GOLDEN.per_point_invalid_reference.overall, n_questions: 18 } });
    expect(ref.overall.n_invalid_points).toBe(7);
    expect(ref.problems.filter((p: any) => p.code === "invalid_answer").map((p: any) => p.line)).toEqual([2, 10, 14, 68, 71, 88, 104]); // the lines holding "five", "I think 2", "5 chairs", "", null, "3.0", "twenty-one"
    const paper = (await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-per-point-invalid.jsonl`, "--variant", "paper", "--json"])).json!;
    expectClose(paper, VC_GOLDEN.per_point_invalid_paper);
    expect(paper.overall.n_invalid_points).toBe(2); // "" and null; "five", "5 chairs", "3.0", "twenty-one", "I think 2" parse
  });

  it("reports every bad line of a malformed file and still scores the rest", async () => {
    const r = await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-malformed.jsonl`, "--json"]);
    expect(r.code).toBe(0);
    const j = r.json!;
    const withLine = j.problems.filter((p: any) => p.line !== undefined).map((p: any) => [p.code, p.line]);
    expect(withLine).toEqual([
      ["malformed_json", 2],
      ["unknown_id", 3],
      ["duplicate_id", 4],
      ["invalid_record", 6],
      ["invalid_record", 7],
      ["length_mismatch", 8],
      ["invalid_answer", 9],
      ["unknown_query_time", 10],
      ["missing_id", 11],
      ["invalid_answer", 12],
      ["gts_mismatch", 12],
    ]);
    expect(j.problem_counts.missing_prediction).toBe(14);
    expect(j.problem_counts.missing_points).toBe(1);
    // Hand-computed: scored 0000 (line 4 wins: p 2,4,1 vs g 2,4,0), 0546 (2 of 4 points,
    // exact), 0081 (only answer invalid), 0749 ("2" → 2, null invalid; valid points exact).
    // GPA = ((1 + 1 + e^-200)/3 + 1 + 1) / 3; MoC over 0546, 0749; UDA over 0000, 0546, 0749.
    expect(j.overall).toMatchObject({ n_questions: 4, gpa_n: 3, moc_n: 2, uda_n: 3, moc: 1, uda: 1, n_invalid_points: 2, n_missing_points: 2 });
    expect(j.overall.gpa).toBeCloseTo(((2 + Math.exp(-200)) / 3 + 2) / 3, 12);
    expect(j.n_missing_questions).toBe(14);
    expect(r.stderr).toMatch(/malformed_json: line 2: not valid JSON/);
  });

  it("reads truth lines the fast path cannot take with the shared validator, loaded on demand (first-pass problems not repeated)", async () => {
    const lines = readFileSync(`${VC}/vcbench_data.jsonl`, "utf8").trim().split("\n");
    const first = JSON.parse(lines[0]) as Record<string, unknown>;
    // Line 2 repeats line 1's id (a problem the first, stopped pass also sees); line 4 spells its
    // id with a JSON escape, which only JSON.parse + the zod validator accept; line 5 is invalid.
    const escaped = lines[2].replace(/"id": "(\d)/, '"id": "\\u003$1');
    const truth = join(out, "truth-slow-path.jsonl");
    const broken = JSON.stringify({ ...first, id: "bad", query_points: { time: [1, 2], count: [1] } });
    writeFileSync(truth, [lines[0], lines[0], lines[1], escaped, broken].join("\n") + "\n");
    const r = await score(["--benchmark", "vcbench", "--truth", truth, "--preds", `${VC}/preds-unified.jsonl`, "--json"]);
    expect(r.code).toBe(0);
    const problems = r.json!.problems as Array<{ code: string; line?: number }>;
    expect(problems.filter((p) => p.code === "duplicate_truth_id").map((p) => p.line)).toEqual([2]);
    expect(problems.filter((p) => p.code === "invalid_truth_record").map((p) => p.line)).toEqual([5]);
    expect(r.json!.n_truth_questions).toBe(3);
    const escapedId = (JSON.parse(escaped) as { id: string }).id;
    expect(problems.some((p) => p.code === "missing_prediction" && (p as { id?: string }).id === escapedId)).toBe(false);
  });

  it("writes per-question results and a paper-style table without --json", async () => {
    const pq = join(out, "pq.jsonl");
    const r = await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-unified.jsonl`, "--per-question", pq]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Overall\s+\| O1-Snap/);
    expect(r.stdout).toContain("GPA");
    const rows = readFileSync(pq, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rows).toHaveLength(18);
    expect(rows[0]).toEqual({ id: "0000", subtype: "O1-Snap", gpa: expect.closeTo(1 / 3, 12), moc: null, uda: 1, n_queries: 3, n_valid: 3 });
  });

  it("fails with exit 1 only when it cannot score, with a one-object JSON error", async () => {
    const r = await score(["--benchmark", "vcbench", "--truth", `${VC}/missing.jsonl`, "--preds", `${VC}/preds-unified.jsonl`, "--json"]);
    expect(r.code).toBe(1);
    expect(r.json!.error).toMatch(/cannot read .*missing\.jsonl: no such file/);
    const p = await score(["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/nope.jsonl`, "--json"]);
    expect(p.code).toBe(1);
    const empty = await score(["--benchmark", "vcbench", "--truth", `${VC}/preds-malformed.jsonl`, "--preds", `${VC}/preds-unified.jsonl`, "--json"]);
    expect(empty.code).toBe(1);
    expect(empty.json!.error).toMatch(/no valid VCBench question/);
  });

  it("rejects a bad command line with exit 2", async () => {
    expect((await score(["--benchmark", "nope", "--truth", "a", "--preds", "b", "--json"])).code).toBe(2);
    expect((await score(["--benchmark", "vcbench", "--truth", "a"])).code).toBe(2);
    expect((await score(["--benchmark", "vcbench", "--truth", "a", "--preds", "b", "--variant", "x"])).code).toBe(2);
    expect((await score(["--bogus"])).stderr).toMatch(/usage:/);
  });
});

describe("score CLI: tocbench", () => {
  const keys = ["overall", "macro_dim", "tier_weighted", "hda", "invalid_rate", "n_scored", "n_missing_preds", "per_dim", "per_tier", "per_format", "per_source", "hallucination_buckets"];

  it("scores extracted answers like the reference and reports bad lines", async () => {
    const r = await score(["--benchmark", "tocbench", "--truth", `${TOC}/answer_final.json`, "--preds", `${TOC}/preds-extracted.jsonl`, "--json"]);
    expect(r.code).toBe(0);
    const j = r.json!;
    expect(Object.keys(j)).toEqual(expect.arrayContaining(keys));
    expectClose(j, TOC_GOLDEN.extracted);
    const withLine = j.problems.filter((p: any) => p.line !== undefined).map((p: any) => [p.code, p.line]);
    expect(withLine).toEqual(
      expect.arrayContaining([
        ["malformed_json", 45],
        ["missing_id", 46],
        ["duplicate_id", 42],
        ["unknown_id", 43],
        ["invalid_answer", 1],
      ]),
    );
    expect(j.problem_counts.missing_prediction).toBe(3);
    expect(j.model).toBe("fixture-model");
  });

  it("extracts answers from raw outputs with the reference extractor", async () => {
    const r = await score(["--benchmark", "tocbench", "--truth", `${TOC}/answer_final.json`, "--preds", `${TOC}/preds-raw.jsonl`, "--json"]);
    expectClose(r.json!, TOC_GOLDEN.raw);
  });

  it("prints the reference-style tables without --json", async () => {
    const r = await score(["--benchmark", "tocbench", "--truth", `${TOC}/answer_final.json`, "--preds", `${TOC}/preds-extracted.jsonl`]);
    expect(r.stdout).toMatch(/Overall\s+MacroDim\s+TierWtd\s+HDA\s+Invalid%/);
    expect(r.stdout).toMatch(/ordering_4\s+4\.2%/);
  });

  it("fails with exit 1 on an unreadable truth file", async () => {
    const r = await score(["--benchmark", "tocbench", "--truth", `${TOC}/preds-raw.jsonl`, "--preds", `${TOC}/preds-raw.jsonl`, "--json"]);
    expect(r.code).toBe(1);
    expect(r.json!.error).toMatch(/not valid JSON at line 2, column 1/);
  });
});

const ALL_ADAPTERS = ["ecbench", "vstat", "vsas", "vcbench", "tocbench"].every((b) => existsSync(`lib/score-cli/${b}.ts`));

describe("score CLI as a process (npm run score)", () => {
  it.skipIf(!ALL_ADAPTERS)("prints exactly one JSON object on stdout", () => {
    const r = spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/score.ts", "--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-malformed.jsonl`, "--json"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.overall.n_questions).toBe(4);
    expect(r.stderr).toMatch(/unknown_id: line 3/);
  });
});

describe("score CLI: options for other adapters", () => {
  it("passes --judgements, --clip-parser and --clip-end-padding through and validates them", async () => {
    const { parseScoreArgs } = await import("@/lib/score-cli/dispatch");
    const r = parseScoreArgs(["--benchmark", "vsas", "--truth", "t", "--preds", "p", "--judgements", "j.jsonl", "--clip-parser=reference", "--clip-end-padding", "1.5", "--json"]);
    expect(r).toEqual({ ok: true, value: { benchmark: "vsas", json: true, timings: false, options: { truth: "t", preds: "p", judgements: "j.jsonl", clipParser: "reference", clipEndPadding: 1.5 } } });
    expect(parseScoreArgs(["--benchmark", "ecbench", "--truth", "t", "--preds", "p", "--clip-end-padding", "-1"]).ok).toBe(false);
    expect(parseScoreArgs(["--benchmark", "ecbench", "--truth", "t", "--preds", "p", "--clip-parser", "x"]).ok).toBe(false);
  });
});

describe("score CLI: --timings", () => {
  it("prints one stderr line with the wall time of each VCBench phase and leaves stdout unchanged", async () => {
    const args = ["--benchmark", "vcbench", "--truth", `${VC}/vcbench_data.jsonl`, "--preds", `${VC}/preds-unified.jsonl`, "--json"];
    const plain = await score(args);
    const timed = await score([...args, "--timings"]);
    expect(timed.code).toBe(0);
    expect(timed.json).toEqual(plain.json);
    const lines = timed.stderr.split("\n").filter((l) => l.startsWith("timings: "));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^timings: start-up \d+ ms, read truth \d+ ms, read predictions \d+ ms, score and write \d+ ms$/);
    expect(plain.stderr).not.toContain("timings:");
  });
});
