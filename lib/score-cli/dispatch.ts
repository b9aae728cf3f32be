import type { ClipParser } from "@/lib/metrics/parse-time";
import type { Problem } from "@/lib/metrics/problems";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * The command-line scorer's dispatcher (used by `scripts/score.ts`):
 *
 *   score --benchmark <vcbench|tocbench|ecbench|vstat|vsas> --truth FILE --preds FILE
 *         [--answer-column NAME] [--clips-column NAME] [--variant reference|paper]
 *         [--per-question FILE] [--json] [--timings]
 *         [--judgements FILE]                      (vsas: judge/rubric grades)
 *         [--clip-parser reference|lenient] [--clip-end-padding SECONDS]   (ecbench;
 *         clip cells are read as the reference by default, `lenient` repairs and reports)
 *
 * With `--json`, stdout receives exactly one JSON object: the adapter's result plus a
 * `problems` array (at most {@link MAX_JSON_PROBLEMS}; `problems_omitted` counts the rest);
 * on a fatal error it is `{"error": "...", "problems": [...]}`. Without `--json`, stdout gets
 * the adapter's human-readable tables. Problems always go to stderr too (the first
 * {@link MAX_STDERR_PROBLEMS}, then a count).
 * `--timings` adds one stderr line with the wall time of each phase the adapter reports
 * (start-up included), for `npm run bench:metrics`.
 * Exit codes: 0 scored (problems or not), 1 cannot score at all (unreadable truth or
 * predictions, no usable truth record), 2 bad command line.
 */

export const BENCHMARKS = ["vcbench", "tocbench", "ecbench", "vstat", "vsas"] as const;
export type Benchmark = (typeof BENCHMARKS)[number];

/** What every `lib/score-cli/<benchmark>.ts` module exports. */
export type ScoreAdapter = {
  scoreFiles(opts: ScoreCliOptions): Promise<ScoreCliOutput>;
  formatTable(result: Record<string, unknown>): string;
};

export const MAX_JSON_PROBLEMS = 1000;
export const MAX_STDERR_PROBLEMS = 50;

export const USAGE =
  "usage: npm run --silent score -- --benchmark <vcbench|tocbench|ecbench|vstat|vsas> --truth FILE --preds FILE " +
  "[--answer-column NAME] [--clips-column NAME] [--variant reference|paper] [--per-question FILE] [--json] [--timings] " +
  "[--judgements FILE (vsas)] [--clip-parser reference|lenient (default reference)] [--clip-end-padding SECONDS] (ecbench)";

/**
 * Options beyond {@link ScoreCliOptions} that single adapters understand:
 * `judgements` (vsas), `clipParser`, `clipEndPadding` (ecbench). Adapters ignore the rest.
 */
export type ExtendedScoreCliOptions = ScoreCliOptions & { judgements?: string; clipParser?: ClipParser; clipEndPadding?: number };

export type ParsedScoreArgs = { benchmark: Benchmark; options: ExtendedScoreCliOptions; json: boolean; timings: boolean };

/** Parses the command line; returns an error sentence instead of throwing. */
export function parseScoreArgs(argv: readonly string[]): { ok: true; value: ParsedScoreArgs } | { ok: false; error: string } {
  const values: Record<string, string> = {};
  let json = false;
  let timings = false;
  const withValue = new Set(["--benchmark", "--truth", "--preds", "--answer-column", "--clips-column", "--variant", "--per-question", "--judgements", "--clip-parser", "--clip-end-padding"]);
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === "--json") { json = true; continue; }
    if (arg === "--timings") { timings = true; continue; }
    if (arg === "--help" || arg === "-h") return { ok: false, error: "help" };
    let value: string | undefined;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (!withValue.has(arg)) return { ok: false, error: `unknown option "${arg}"` };
    if (value === undefined) {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined || value === "") return { ok: false, error: `option ${arg} needs a value` };
    values[arg] = value;
  }
  const benchmark = values["--benchmark"];
  if (!benchmark) return { ok: false, error: "missing --benchmark" };
  if (!(BENCHMARKS as readonly string[]).includes(benchmark)) return { ok: false, error: `unknown benchmark "${benchmark}" (expected one of ${BENCHMARKS.join(", ")})` };
  if (!values["--truth"]) return { ok: false, error: "missing --truth FILE" };
  if (!values["--preds"]) return { ok: false, error: "missing --preds FILE" };
  const variant = values["--variant"];
  if (variant !== undefined && variant !== "reference" && variant !== "paper") return { ok: false, error: `--variant must be "reference" or "paper" (got "${variant}")` };
  const clipParser = values["--clip-parser"];
  if (clipParser !== undefined && clipParser !== "lenient" && clipParser !== "reference") return { ok: false, error: `--clip-parser must be "reference" (the default) or "lenient" (got "${clipParser}")` };
  const padding = values["--clip-end-padding"];
  if (padding !== undefined && !(Number.isFinite(Number(padding)) && Number(padding) >= 0)) return { ok: false, error: `--clip-end-padding must be a number of seconds >= 0 (got "${padding}")` };
  const options: ExtendedScoreCliOptions = { truth: values["--truth"], preds: values["--preds"] };
  if (values["--judgements"]) options.judgements = values["--judgements"];
  if (clipParser) options.clipParser = clipParser;
  if (padding !== undefined) options.clipEndPadding = Number(padding);
  if (values["--answer-column"]) options.answerColumn = values["--answer-column"];
  if (values["--clips-column"]) options.clipsColumn = values["--clips-column"];
  if (variant) options.variant = variant;
  if (values["--per-question"]) options.perQuestionOut = values["--per-question"];
  return { ok: true, value: { benchmark: benchmark as Benchmark, options, json, timings } };
}

/** Where the dispatcher writes. */
export type ScoreIo = { stdout: (text: string) => void; stderr: (text: string) => void };

function formatProblem(p: Problem): string {
  return p.message.startsWith("line ") || p.line === undefined ? p.message : `line ${p.line}: ${p.message}`;
}

/**
 * Runs one scoring command with the given adapters and returns the exit code.
 * Never throws: adapter errors become a fatal error message (no stack trace).
 */
export async function runScore(argv: readonly string[], adapters: Partial<Record<Benchmark, ScoreAdapter | (() => Promise<ScoreAdapter>)>>, io: ScoreIo): Promise<number> {
  const parsed = parseScoreArgs(argv);
  const wantsJson = argv.includes("--json");
  if (!parsed.ok) {
    if (parsed.error === "help") {
      io.stdout(USAGE + "\n");
      return 0;
    }
    if (wantsJson) io.stdout(JSON.stringify({ error: parsed.error, problems: [] }) + "\n");
    io.stderr(`error: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  const { benchmark, options, json, timings } = parsed.value;
  const phases: string[] = [];
  if (timings) {
    let last = 0;
    const mark = (phase: string) => {
      // Milliseconds since the process started (its start-up included in the first phase).
      const now = performance.now();
      phases.push(`${phase} ${Math.round(now - last)} ms`);
      last = now;
    };
    mark("start-up");
    options.onPhase = mark;
  }
  const entry = adapters[benchmark];
  let adapter: ScoreAdapter | undefined;
  try {
    // A loader keeps the other benchmarks' code (and their dependencies) out of start-up.
    adapter = typeof entry === "function" ? await entry() : entry;
  } catch (err) {
    const error = `cannot load the ${benchmark} scorer (${err instanceof Error ? err.message : String(err)})`;
    if (json) io.stdout(JSON.stringify({ error, problems: [] }) + "\n");
    io.stderr(`error: ${error}\n`);
    return 1;
  }
  if (!adapter) {
    const error = `no scorer is available for ${benchmark}`;
    if (json) io.stdout(JSON.stringify({ error, problems: [] }) + "\n");
    io.stderr(`error: ${error}\n`);
    return 1;
  }
  let output: ScoreCliOutput;
  try {
    output = await adapter.scoreFiles(options);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (json) io.stdout(JSON.stringify({ error, problems: [] }) + "\n");
    io.stderr(`error: ${error}\n`);
    return 1;
  }
  const { result, problems } = output;
  if (timings) io.stderr(`timings: ${phases.join(", ")}\n`);
  const shown = problems.slice(0, MAX_STDERR_PROBLEMS);
  if (problems.length > 0) {
    const extra = problems.length - shown.length + (typeof result.problems_omitted === "number" ? result.problems_omitted : 0);
    io.stderr(shown.map((p) => `${p.code}: ${formatProblem(p)}`).join("\n") + (extra > 0 ? `\n... and ${extra} more problems` : "") + "\n");
  }
  if (json) {
    const inJson = problems.slice(0, MAX_JSON_PROBLEMS);
    const omitted = (typeof result.problems_omitted === "number" ? result.problems_omitted : 0) + (problems.length - inJson.length);
    io.stdout(JSON.stringify({ ...result, problems: inJson, problems_omitted: omitted }) + "\n");
  } else {
    io.stdout(adapter.formatTable(result) + "\n");
  }
  return 0;
}
