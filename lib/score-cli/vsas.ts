import "server-only";
import { writeFileSync } from "node:fs";
import { basename, extname } from "node:path";
import type { Problem } from "@/lib/metrics/problems";
import {
  VSAS_TASK_TYPES,
  scoreVsas,
  type ResponseEvent,
  type VsasGroupSummary,
  type VsasSummary,
  type VsasTask,
} from "@/lib/metrics/vsas";
import { FileReadError, readJsonl, type JsonlRecord } from "@/lib/scoring/read-lines";
import { ProblemLog } from "@/lib/scoring/problem-log";
import { newVsasSeen, readVsasEvent } from "@/lib/scoring/vsas";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * Native-file scorer for VSAS-Bench; the file formats are Playhead's, documented in
 * `docs/formats/vsas.md` (the benchmark has published none).
 *
 * Truth (`--truth`): tasks JSONL, one task a line:
 *   `{task_id, video, task_type: "Present"|"Cumulative"|"Future", prompt, fps?: 1,
 *     captions: ["...", ...] | [{t, text}, ...]}`
 * (a caption list gives one caption per timestep at t = i / fps seconds).
 * Predictions (`--preds`): JSONL of response events `{task_id, t, response}`
 * (`response: null` = explicit pause), and optionally judgement records
 * `{task_id, t, judge: 0|1, rubric?: 0..3}` in the same file (a line may carry both);
 * judgements may also come from a separate file (`judgements` option).
 * Scoring: `lib/metrics/vsas.ts` (responses extrapolated onto caption times; accuracy
 * from judgements only; consistency always). `variant` has no effect: there is no
 * reference code, the paper's formulas are used.
 * Problems: malformed lines, missing/invalid fields, unknown task ids, duplicate tasks
 * or (task, t) events, judgements at times with no caption, tasks without responses
 * (all responses "") or with missing judgements (left out of the accuracy, which is then partial:
 * "judged J of N seconds", docs/metrics/vsas.md).
 */
export type VsasCliOptions = ScoreCliOptions & { judgements?: string };

type Judgement = { t: number; judge?: number | null; rubric?: number | null };
type TaskEntry = { line: number; task: VsasTask; responses: ResponseEvent[]; judgements: Judgement[] };

function describe(file: string, line: number, text: string): string {
  return `line ${line} of ${file}: ${text}`;
}

/** Names the file in read-jsonl's "line N: ..." messages (two input files are read). */
function withFile(problems: readonly Problem[], file: string): Problem[] {
  return problems.map((p) => ({ ...p, message: p.message.replace(/^line (\d+):/, `line $1 of ${file}:`) }));
}

function asObject(r: JsonlRecord, file: string, problems: ProblemLog): Record<string, unknown> | null {
  if (r.value && typeof r.value === "object" && !Array.isArray(r.value)) return r.value as Record<string, unknown>;
  problems.add({ code: "invalid_record", line: r.line, message: describe(file, r.line, "expected a JSON object") });
  return null;
}

function idOf(v: unknown): string | null {
  if (typeof v === "string" && v.trim() !== "") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

function readTasks(path: string, problems: ProblemLog): Map<string, TaskEntry> {
  const file = basename(path);
  const { records, problems: lp } = readJsonl(path);
  problems.addAll(withFile(lp, file));
  const tasks = new Map<string, TaskEntry>();
  for (const r of records) {
    const o = asObject(r, file, problems);
    if (!o) continue;
    const add = (code: string, text: string, extra: Partial<Problem> = {}) =>
      problems.add({ code, line: r.line, message: describe(file, r.line, text), ...extra });
    const id = idOf(o.task_id);
    if (id === null) {
      add("missing_id", `no task_id; task ignored`, { field: "task_id" });
      continue;
    }
    if (tasks.has(id)) {
      add("duplicate_id", `task_id "${id}" repeats line ${tasks.get(id)!.line}; ignored`, { id });
      continue;
    }
    const type = typeof o.task_type === "string" ? o.task_type : "";
    if (!(VSAS_TASK_TYPES as readonly string[]).includes(type)) {
      add("invalid_task_type", `task "${id}": task_type ${JSON.stringify(o.task_type)} is not Present, Cumulative or Future; scored under that name`, { id, field: "task_type" });
    }
    const fps = o.fps === undefined || o.fps === null ? 1 : o.fps;
    if (typeof fps !== "number" || !Number.isFinite(fps) || fps <= 0) {
      add("invalid_field", `task "${id}": fps ${JSON.stringify(o.fps)} must be a positive number; task ignored`, { id, field: "fps" });
      continue;
    }
    if (!Array.isArray(o.captions) || o.captions.length === 0) {
      add("missing_field", `task "${id}": "captions" must be a non-empty list; task ignored`, { id, field: "captions" });
      continue;
    }
    const captions: { t: number; text: string }[] = [];
    const times = new Set<number>();
    o.captions.forEach((c: unknown, i: number) => {
      let t: number;
      let text: unknown;
      if (typeof c === "string") {
        t = i / fps;
        text = c;
      } else if (c && typeof c === "object" && !Array.isArray(c)) {
        t = (c as { t?: unknown }).t as number;
        text = (c as { text?: unknown }).text;
        if (typeof t !== "number" || !Number.isFinite(t) || t < 0) {
          add("invalid_field", `task "${id}": caption ${i} has t ${JSON.stringify((c as { t?: unknown }).t)}, not a time >= 0 in seconds; caption ignored`, { id, field: "captions" });
          return;
        }
      } else {
        add("invalid_field", `task "${id}": caption ${i} is neither a string nor {t, text}; caption ignored`, { id, field: "captions" });
        return;
      }
      if (typeof text !== "string") {
        add("invalid_field", `task "${id}": caption ${i} has no text; caption ignored`, { id, field: "captions" });
        return;
      }
      if (times.has(t)) {
        add("duplicate_time", `task "${id}": two captions at t = ${t}; the first is kept`, { id, field: "captions" });
        return;
      }
      times.add(t);
      captions.push({ t, text });
    });
    if (captions.length === 0) {
      add("missing_field", `task "${id}": no usable caption; task ignored`, { id, field: "captions" });
      continue;
    }
    tasks.set(id, { line: r.line, task: { taskId: id, taskType: type || "(none)", captions, responses: [] }, responses: [], judgements: [] });
  }
  if (tasks.size === 0) throw new FileReadError(path, "no usable VSAS task in the truth file");
  return tasks;
}

function readEvents(path: string, tasks: Map<string, TaskEntry>, problems: ProblemLog, judgementsOnly: boolean): { responses: number; judgements: number } {
  const file = basename(path);
  const { records, problems: lp } = readJsonl(path);
  problems.addAll(withFile(lp, file));
  const seen = newVsasSeen();
  const captionTimes = new Map<string, number[]>();
  let nResp = 0;
  let nJudge = 0;
  for (const r of records) {
    const o = asObject(r, file, problems);
    if (!o) continue;
    const add = (code: string, text: string, extra: Partial<Problem> = {}) =>
      problems.add({ code, line: r.line, message: describe(file, r.line, text), ...extra });
    const id = idOf(o.task_id);
    if (id === null) {
      add("missing_id", "no task_id; ignored", { field: "task_id" });
      continue;
    }
    const entry = tasks.get(id);
    if (!entry) {
      add("unknown_id", `task_id "${id}" is not in the task file; ignored`, { id });
      continue;
    }
    let times = captionTimes.get(id);
    if (!times) captionTimes.set(id, (times = entry.task.captions.map((c) => c.t)));
    const target = { id, key: id, captionTimes: times, responses: entry.responses, judgements: entry.judgements };
    const report = (code: string, text: string, field?: string) => add(code, text, field ? { id, field } : { id });
    const added = readVsasEvent(o, target, r.line, seen, report, { show: (v) => JSON.stringify(v), judgementsOnly });
    if (added) {
      nResp += added.responses;
      nJudge += added.judgements;
    }
  }
  return { responses: nResp, judgements: nJudge };
}

/** Scores files; see the module comment. */
export async function scoreFiles(opts: VsasCliOptions): Promise<ScoreCliOutput> {
  const problems = new ProblemLog();
  const tasks = readTasks(opts.truth, problems);
  const counts = readEvents(opts.preds, tasks, problems, false);
  if (opts.judgements) {
    const j = readEvents(opts.judgements, tasks, problems, true);
    counts.judgements += j.judgements;
  }
  for (const [id, e] of tasks) {
    if (e.responses.length === 0) {
      problems.add({ code: "missing_prediction", id, message: `task "${id}" has no response; every timestep counts as "" (paper: no earlier response)` });
    }
  }
  if (counts.judgements === 0) {
    problems.add({ code: "no_judgements", message: "no judgement in the input: accuracy is not computed (consistency only); add {task_id, t, judge} records" });
  } else {
    for (const [id, e] of tasks) {
      const missing = e.task.captions.length - new Set(e.judgements.filter((j) => j.judge != null).map((j) => j.t)).size;
      if (missing > 0) {
        problems.add({ code: "missing_judgement", id, message: `task "${id}": ${missing} of ${e.task.captions.length} timesteps have no judgement; accuracy is over the judged ones (partial)` });
      }
    }
  }
  const list = [...tasks.values()].map((e) => ({ ...e.task, responses: e.responses, judgements: e.judgements }));
  const summary = scoreVsas(list);
  if (opts.perQuestionOut) {
    writeFileSync(opts.perQuestionOut, summary.per_task.map((p) => JSON.stringify(p)).join("\n") + (summary.per_task.length ? "\n" : ""));
  }
  const result: Record<string, unknown> = {
    benchmark: "vsas",
    model: basename(opts.preds, extname(opts.preds)),
    ...summary,
    consistency_denominator: "N",
    n_tasks: tasks.size,
    n_response_events: counts.responses,
    n_judgements: counts.judgements,
    problem_counts: problems.counts,
    problems_omitted: problems.omitted,
  };
  return { result, problems: problems.list };
}

const p100 = (v: unknown): string => (typeof v === "number" && Number.isFinite(v) ? (v * 100).toFixed(1) : "-");

/**
 * Table shaped like the paper's Table 2 (×100, one decimal): accuracy per task type
 * (Present, Cumulative, Future) and overall, then consistency, then the rubric mean
 * (0–3) when judgements carry one.
 */
export function formatTable(result: Record<string, unknown>): string {
  const r = result as Partial<VsasSummary> & Record<string, unknown>;
  const by = (r.by_task_type ?? {}) as Record<string, VsasGroupSummary>;
  const types = Object.keys(by).length ? Object.keys(by) : [...VSAS_TASK_TYPES];
  const rule = "=".repeat(24 + 12 * (types.length + 2));
  const out: string[] = [rule, `  VSAS-Bench results: ${String(r.model ?? "")}`, rule];
  out.push(`  ${"Metric".padEnd(22)}${types.map((t) => t.padStart(12)).join("")}${"Overall".padStart(12)}`);
  out.push(`  ${"Accuracy".padEnd(22)}${types.map((t) => p100(by[t]?.accuracy).padStart(12)).join("")}${p100(r.accuracy).padStart(12)}`);
  out.push(`  ${"Consistency".padEnd(22)}${types.map((t) => p100(by[t]?.consistency).padStart(12)).join("")}${p100(r.consistency).padStart(12)}`);
  if (r.rubric_mean !== null && r.rubric_mean !== undefined) {
    const rub = (v: unknown) => (typeof v === "number" ? v.toFixed(2) : "-");
    out.push(`  ${"Rubric mean (0-3)".padEnd(22)}${types.map((t) => rub(by[t]?.rubric_mean).padStart(12)).join("")}${rub(r.rubric_mean).padStart(12)}`);
  }
  out.push(`  ${"Tasks".padEnd(22)}${types.map((t) => String(by[t]?.tasks ?? 0).padStart(12)).join("")}${String(r.tasks ?? 0).padStart(12)}`);
  out.push("", `  ${r.n_response_events ?? 0} response events, ${r.n_judgements ?? 0} judgements; accuracy over ${r.tasks_with_accuracy ?? 0} judged tasks`);
  if (typeof r.timesteps === "number" && typeof r.judged_timesteps === "number" && r.judged_timesteps < r.timesteps) {
    out.push(`  PARTIAL: judged ${r.judged_timesteps} of ${r.timesteps} seconds; accuracy is over the judged seconds (not a final score)`);
  }
  const pc = Object.entries((r.problem_counts ?? {}) as Record<string, number>);
  if (pc.length > 0) out.push("", "Problems: " + pc.map(([k, n]) => `${k} ${n}`).join(", "));
  return out.join("\n");
}
