/**
 * End-to-end performance check of the VCBench scorer on 1,000,000 query points.
 *
 *   npm run bench:metrics [-- --points N] [--runs R] [--keep]
 *
 * 1. writes a synthetic, deterministic truth file (vcbench_data.jsonl format, subtype mix
 *    and record shape like the real file) and a unified prediction file covering every
 *    query point (about 1 % invalid answers) into a temporary directory;
 * 2. bundles `scripts/score.ts` once with esbuild (`score:build`);
 * 3. runs `node <bundle> --benchmark vcbench ... --per-question <file> --json --timings`
 *    (pinned to one CPU with `taskset` when available) as a child
 *    process R times (default 5; read, parse, score, write per-question results) and
 *    reports each run's wall time, CPU time, peak resident memory (from
 *    `/usr/bin/time -v` when available, otherwise by polling VmHWM in /proc/<pid>/status)
 *    and the scorer's own phase times, then the best and median wall time and the largest
 *    peak RSS. The machine's load average is printed too: on a shared machine wall times are
 *    only meaningful when it is low (and vary by 20 % or more from minute to minute there).
 * Figures only; nothing is asserted. Reference figures quoted by the project brief for
 * `compute_metrics.py` on such a file: about 9.5 s and 335 MB; the target is < 0.95 s and
 * < 167 MB on one core.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildScoreBundle } from "./score-build";
import { generateVcbenchFiles } from "./bench/vcbench-synthetic";

const args = process.argv.slice(2);
const pointsArg = args.indexOf("--points");
const TOTAL_POINTS = pointsArg >= 0 ? Number(args[pointsArg + 1]) : 1_000_000;
const KEEP = args.includes("--keep");
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1])) : 5;

type Run = { wallMs: number; cpuMs: number | null; peakRssKb: number | null; code: number | null; stdout: string; stderr: string; method: string };

function runWithGnuTime(cmd: string[]): Run {
  const t0 = performance.now();
  const r = spawnSync("/usr/bin/time", ["-v", ...cmd], { encoding: "utf8", maxBuffer: 1 << 28 });
  const wallMs = performance.now() - t0;
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr ?? "");
  const e = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr ?? "");
  const elapsed = e ? (e[1] !== undefined ? (Number(e[1]) * 60 + Number(e[2])) * 60 + Number(e[3]) : Number(e[2]) * 60 + Number(e[3])) * 1000 : wallMs;
  const u = /User time \(seconds\): ([\d.]+)/.exec(r.stderr ?? "");
  const sy = /System time \(seconds\): ([\d.]+)/.exec(r.stderr ?? "");
  const cpuMs = u && sy ? (Number(u[1]) + Number(sy[1])) * 1000 : null;
  return { wallMs: elapsed, cpuMs, peakRssKb: m ? Number(m[1]) : null, code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "", method: "/usr/bin/time -v" };
}

async function runWithPolling(cmd: string[]): Promise<Run> {
  const t0 = performance.now();
  const child = spawn(cmd[0], cmd.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  let peak: number | null = null;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (m) peak = Math.max(peak ?? 0, Number(m[1]));
    } catch {
      /* process gone */
    }
  }, 5);
  const code: number | null = await new Promise((res) => child.on("close", (c) => res(c)));
  clearInterval(poll);
  return { wallMs: performance.now() - t0, cpuMs: null, peakRssKb: peak, code, stdout, stderr, method: "polling /proc/<pid>/status VmHWM (lower bound)" };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "playhead-bench-"));
  try {
    const g0 = performance.now();
    const files = generateVcbenchFiles(dir, TOTAL_POINTS);
    const mb = (p: string) => (statSync(p).size / 1e6).toFixed(1);
    process.stdout.write(
      `generated ${TOTAL_POINTS.toLocaleString("en")} query points in ${files.questions.toLocaleString("en")} questions ` +
        `(truth ${mb(files.truth)} MB, predictions ${mb(files.preds)} MB) in ${((performance.now() - g0) / 1000).toFixed(1)} s\n`,
    );
    const bundle = await buildScoreBundle(join(dir, "score.mjs"));
    const perQuestion = join(dir, "per_question.jsonl");
    // "On one core": the scorer (and V8's helper threads) pinned to one CPU when taskset exists.
    const pin = existsSync("/usr/bin/taskset") ? ["/usr/bin/taskset", "-c", String(cpus().length - 1)] : [];
    if (pin.length) process.stdout.write(`scorer pinned to CPU ${cpus().length - 1} (taskset)\n`);
    const cmd = [...pin, process.execPath, bundle, "--benchmark", "vcbench", "--truth", files.truth, "--preds", files.preds, "--per-question", perQuestion, "--json", "--timings"];
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = existsSync("/usr/bin/time") ? runWithGnuTime(cmd) : await runWithPolling(cmd);
      if (run.code !== 0) {
        process.stderr.write(`scorer failed (exit ${run.code}):\n${run.stderr.slice(0, 2000)}\n`);
        process.exitCode = 1;
        return;
      }
      runs.push(run);
      process.stdout.write(
        `run ${i + 1}: wall ${(run.wallMs / 1000).toFixed(3)} s, cpu ${run.cpuMs !== null ? (run.cpuMs / 1000).toFixed(3) + " s" : "n/a"}, ` +
          `peak RSS ${run.peakRssKb !== null ? (run.peakRssKb / 1024).toFixed(1) + " MB" : "unknown"} (load average ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs)\n` +
          `       ${/^timings: .*$/m.exec(run.stderr)?.[0] ?? "timings: not reported"}\n`,
      );
    }
    const walls = runs.map((r) => r.wallMs).sort((a, b) => a - b);
    const best = walls[0];
    const median = walls[Math.floor((walls.length - 1) / 2)];
    const peaks = runs.map((r) => r.peakRssKb).filter((x): x is number => x !== null);
    const out = JSON.parse(runs[0].stdout.trim().split("\n").pop() ?? "{}") as { overall?: Record<string, unknown> };
    const perQuestionLines = readFileSync(perQuestion, "utf8").split("\n").filter(Boolean).length;
    process.stdout.write(
      `scorer (node ${bundle.split("/").pop()}, one process${pin.length ? " on one CPU" : ""}, best of ${RUNS}): wall ${(best / 1000).toFixed(3)} s (median ${(median / 1000).toFixed(3)} s), ` +
        `peak RSS ${peaks.length ? (Math.max(...peaks) / 1024).toFixed(1) + " MB" : "unknown"} [${runs[0].method}]\n` +
        `per-question results: ${perQuestionLines.toLocaleString("en")} lines written to ${KEEP ? perQuestion : "a temporary file"}\n` +
        `overall: ${JSON.stringify(out.overall)}\n` +
        `targets: wall < 0.95 s, peak RSS < 167 MB (reference compute_metrics.py: ~9.5 s, ~335 MB)\n`,
    );
    if (KEEP) process.stdout.write(`files kept in ${dir}\n`);
  } finally {
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
