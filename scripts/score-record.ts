/**
 * Records the command-line scorer's output on every fixture, to diff before and after a
 * refactor byte for byte.
 *
 *   npm run --silent score:record -- OUT_DIR [--datasets DIR]
 *   diff -r OUT_BEFORE OUT_AFTER
 *
 * For each case (benchmark, truth, predictions, options) it writes `<case>.json` (stdout of
 * `--json`), `<case>.txt` (the human-readable tables), `<case>.err` (stderr: problems),
 * `<case>.code` (exit code) and `<case>.per-question.jsonl` when the adapter writes one.
 * Cases: every prediction file in tests/fixtures with its truth file, each under the option
 * values that change what is computed (variant, EC-Bench clip parser, VSAS judgements), plus
 * the real files of `--datasets` (default ../shared/datasets; skipped when absent) scored
 * against deterministic predictions derived from their truth (written into OUT_DIR/inputs).
 * The scorer runs in this process through the same dispatcher and adapters as
 * `scripts/score.ts`, so stdout is exactly what the CLI prints. Nothing is committed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { csvText } from "@/lib/csv/write-csv";
import { runScore } from "@/lib/score-cli/dispatch";

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith("--") && args[args.indexOf(a) - 1] !== "--datasets");
if (!out) {
  process.stderr.write("usage: npm run --silent score:record -- OUT_DIR [--datasets DIR]\n");
  process.exit(2);
}
const di = args.indexOf("--datasets");
const datasets = resolve(di >= 0 ? args[di + 1] : join(process.cwd(), "..", "shared", "datasets"));
const fallbackDatasets = "/work/shared/datasets";
const realDir = existsSync(datasets) ? datasets : existsSync(fallbackDatasets) ? fallbackDatasets : null;
const outDir = resolve(out);
const inputs = join(outDir, "inputs");
mkdirSync(inputs, { recursive: true });

const fx = (...p: string[]) => join(process.cwd(), "tests", "fixtures", ...p);
type Case = { name: string; argv: string[]; perQuestion?: boolean };
const cases: Case[] = [];
const add = (name: string, benchmark: string, truth: string, preds: string, extra: string[] = [], perQuestion = true) =>
  cases.push({ name, argv: ["--benchmark", benchmark, "--truth", truth, "--preds", preds, ...extra], perQuestion });

for (const variant of ["reference", "paper"]) {
  for (const p of ["preds-unified", "preds-per-point", "preds-per-point-invalid", "preds-malformed"]) {
    add(`vcbench-${p}-${variant}`, "vcbench", fx("vcbench", "vcbench_data.jsonl"), fx("vcbench", `${p}.jsonl`), ["--variant", variant]);
  }
  for (const p of ["preds-extracted", "preds-raw"]) add(`tocbench-${p}-${variant}`, "tocbench", fx("tocbench", "answer_final.json"), fx("tocbench", `${p}.jsonl`), ["--variant", variant]);
  for (const parser of ["reference", "lenient"]) {
    for (const p of ["preds", "preds-judged"]) {
      add(`ecbench-${p}-${variant}-${parser}`, "ecbench", fx("ecbench", "truth.csv"), fx("ecbench", `${p}.csv`), ["--variant", variant, "--clip-parser", parser]);
    }
    add(`ecbench-malformed-clips-${variant}-${parser}`, "ecbench", fx("ecbench", "malformed-clips", "truth.csv"), fx("ecbench", "malformed-clips", "preds.csv"), ["--variant", variant, "--clip-parser", parser]);
  }
}
add("ecbench-preds-default", "ecbench", fx("ecbench", "truth.csv"), fx("ecbench", "preds.csv"));
add("ecbench-preds-padding", "ecbench", fx("ecbench", "truth.csv"), fx("ecbench", "preds.csv"), ["--clip-end-padding", "1"]);
for (const p of ["preds", "preds-bad"]) add(`vstat-${p}`, "vstat", fx("vstat", "qa.json"), fx("vstat", `${p}.jsonl`));
add("vstat-runs", "vstat", fx("runs", "vstat_qa.json"), fx("runs", "vstat_preds.jsonl"));
for (const p of ["responses", "responses-judged", "responses-bad"]) {
  add(`vsas-${p}`, "vsas", fx("vsas", "tasks.jsonl"), fx("vsas", `${p}.jsonl`));
  add(`vsas-${p}-judgements`, "vsas", fx("vsas", "tasks.jsonl"), fx("vsas", `${p}.jsonl`), ["--judgements", fx("vsas", "judgements.jsonl")]);
}
add("vsas-tasks-bad", "vsas", fx("vsas", "tasks-bad.jsonl"), fx("vsas", "responses.jsonl"));
add("vsas-import-tasks", "vsas", fx("import", "vsas_tasks.jsonl"), fx("runs", "vsas_responses.jsonl"));
add("vcbench-import-data", "vcbench", fx("import", "vcbench_data.jsonl"), fx("vcbench", "preds-unified.jsonl"));
add("tocbench-import", "tocbench", fx("import", "toc_answer_final.json"), fx("tocbench", "preds-extracted.jsonl"));
add("vstat-import", "vstat", fx("import", "vstat_qa.json"), fx("vstat", "preds.jsonl"));
// Bad command lines and unreadable files: the error paths print too.
cases.push({ name: "error-unknown-option", argv: ["--benchmark", "vcbench", "--bogus", "x", "--json"] });
cases.push({ name: "error-missing-truth", argv: ["--benchmark", "ecbench", "--truth", fx("nope.csv"), "--preds", fx("ecbench", "preds.csv")] });
cases.push({ name: "error-broken-csv", argv: ["--benchmark", "ecbench", "--truth", fx("ecbench", "truth.csv"), "--preds", fx("import", "broken", "ec_broken_quote.csv")] });

if (realDir) {
  // VCBench: unified predictions = stored count + (i mod 3) − 1 (some negative: invalid), every 7th question missing.
  const vcTruth = join(realDir, "vcbench", "vcbench_data.jsonl");
  if (existsSync(vcTruth)) {
    const lines = readFileSync(vcTruth, "utf8").split("\n").filter((l) => l.trim());
    const preds = lines
      .map((l, i) => {
        const q = JSON.parse(l) as { id: string; query_points: { time: number[]; count: number[] } };
        if (i % 7 === 3) return null;
        return JSON.stringify({ id: q.id, predictions: q.query_points.count.map((c, k) => c + ((i + k) % 3) - 1), query_times: q.query_points.time });
      })
      .filter(Boolean)
      .join("\n");
    const file = join(inputs, "vcbench-real-preds.jsonl");
    writeFileSync(file, preds + "\n");
    for (const variant of ["reference", "paper"]) add(`real-vcbench-${variant}`, "vcbench", vcTruth, file, ["--variant", variant]);
  }
  // TOC-Bench: extracted answers = the truth for 2 of 3 items, "A" otherwise, null for every 11th.
  const tocTruth = join(realDir, "toc-bench", "answer_final.json");
  if (existsSync(tocTruth)) {
    const doc = JSON.parse(readFileSync(tocTruth, "utf8")) as { items: Array<{ qa_id: string; format: string; correct_answer: unknown }> };
    const preds = doc.items.map((it, i) => JSON.stringify({ qa_id: it.qa_id, model: "derived", format: it.format, extracted_answer: i % 11 === 5 ? null : i % 3 === 0 ? "A" : it.correct_answer })).join("\n");
    const file = join(inputs, "tocbench-real-preds.jsonl");
    writeFileSync(file, preds + "\n");
    add("real-tocbench", "tocbench", tocTruth, file);
  }
  // EC-Bench: the dataset scored against itself (copy_A = answer, copy_clips = clips), by both parsers.
  const ecTruth = join(realDir, "ec-bench", "dataset.csv");
  if (existsSync(ecTruth)) {
    const file = join(inputs, "ecbench-real-self.csv");
    writeFileSync(file, selfCsv(readFileSync(ecTruth, "utf8")));
    for (const parser of ["reference", "lenient"]) for (const variant of ["reference", "paper"]) add(`real-ecbench-self-${variant}-${parser}`, "ecbench", ecTruth, file, ["--variant", variant, "--clip-parser", parser]);
  }
}

/** The CSV with two more columns, copy_A (= answer) and copy_clips (= clips), quoting every cell (read with csv-parse, written by lib/csv). */
function selfCsv(text: string): string {
  const rows = parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const head = rows[0];
  const ai = head.indexOf("answer");
  const ci = head.indexOf("clips");
  return csvText(
    rows.map((r, i) => [...r, i === 0 ? "copy_A" : (r[ai] ?? ""), i === 0 ? "copy_clips" : (r[ci] ?? "")]),
    { quoteAll: true },
  );
}

const adapters = {
  vcbench: () => import("@/lib/score-cli/vcbench"),
  tocbench: () => import("@/lib/score-cli/tocbench"),
  ecbench: () => import("@/lib/score-cli/ecbench"),
  vstat: () => import("@/lib/score-cli/vstat"),
  vsas: () => import("@/lib/score-cli/vsas"),
};

// Paths in the output are written relative to the working directory so two checkouts compare equal.
const rel = (s: string) => s.split(process.cwd() + "/").join("").split(outDir + "/").join("OUT/");
let n = 0;
for (const c of cases) {
  for (const mode of ["json", "txt"] as const) {
    let stdout = "";
    let stderr = "";
    const pq = join(outDir, `${c.name}.per-question.jsonl`);
    const argv = [...c.argv, ...(mode === "json" ? ["--json"] : []), ...(mode === "json" && c.perQuestion ? ["--per-question", pq] : [])];
    const code = await runScore(argv, adapters, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    writeFileSync(join(outDir, `${c.name}.${mode}`), rel(stdout));
    writeFileSync(join(outDir, `${c.name}.${mode}.err`), rel(stderr));
    writeFileSync(join(outDir, `${c.name}.${mode}.code`), `${code}\n`);
    n++;
  }
}
process.stdout.write(`${cases.length} cases (${n} runs) recorded in ${outDir}${realDir ? ` (real files from ${realDir})` : " (no real files found)"}\n`);
