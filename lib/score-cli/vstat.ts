import "server-only";
import { writeFileSync } from "node:fs";
import { basename, extname } from "node:path";
import {
  chanceBaselines,
  scoreVstat,
  type VstatDoc,
  type VstatGroupSummary,
  type VstatSummary,
} from "@/lib/metrics/vstat";
import { FileReadError, readJsonl, readTextFile } from "@/lib/scoring/read-lines";
import { ProblemLog } from "@/lib/scoring/problem-log";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * Native-file scorer for VSTAT, mirroring the reference
 * `lmms_eval/tasks/vstat/utils.py` of vision-x-nyu/vstat (@5274c5e).
 *
 * Truth: the QA JSON `{"data": {source_task: [doc, ...]}}` (a bare `{source_task: [...]}`
 * is accepted too, as the reference). Each doc: `source_task`, `video_id`, `video_path`,
 * `question`, `choices` (list; empty or missing for numeric), `answer` (letter for MCQ,
 * integer for numeric), `answer_index`, taxonomy labels `state_element_type`
 * (aliases `state_element`, `element_type`), `state_structure` (alias `structure`),
 * `perceptual_complexity` (aliases `perceptual_challenges`, `perceptual_challenge`; a
 * list or one string), and optionally `video_source`. Docs are flattened in file order
 * (tasks in order, docs in order); a doc's position is its `doc_id`.
 * Predictions: JSONL `{doc_id, prediction}`; the answer field can be named with
 * `--answer-column`; without it `prediction`, `response`, `filtered_resps` and `resps`
 * (lmms-eval sample logs; first element) are tried in that order.
 * As the reference, a question without prediction scores 0 and stays in every average;
 * it is also reported (`missing_prediction`). Malformed lines, bad or unknown doc_ids,
 * duplicates (first kept) and unusable predictions are reported with line numbers.
 * `variant` has no effect: the paper and the reference agree.
 */

type Flattened = { docs: (VstatDoc | null)[]; names: string[] };

const PRED_FIELDS = ["prediction", "response", "filtered_resps", "resps"];

function readTruth(path: string, problems: ProblemLog): Flattened {
  const text = readTextFile(path);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (err) {
    throw new FileReadError(path, `not valid JSON (${(err as Error).message})`);
  }
  const data =
    payload && typeof payload === "object" && !Array.isArray(payload) && "data" in payload
      ? (payload as { data: unknown }).data
      : payload;
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new FileReadError(path, `expected {"data": {source_task: [doc, ...]}}`);
  }
  const keys = Object.keys(data);
  if (keys.some((k) => /^(?:0|[1-9]\d*)$/.test(k))) {
    problems.add({
      code: "task_order",
      message: `${basename(path)}: task names that are plain integers (${keys.filter((k) => /^\d+$/.test(k)).join(", ")}) are listed first by JavaScript, so doc_ids may not follow the file order`,
    });
  }
  const docs: (VstatDoc | null)[] = [];
  const names: string[] = [];
  for (const task of keys) {
    const list = (data as Record<string, unknown>)[task];
    if (!Array.isArray(list)) {
      problems.add({ code: "invalid_record", id: task, message: `${basename(path)}: task "${task}" is not a list of questions; skipped (its questions get no doc_id)` });
      continue;
    }
    list.forEach((raw, i) => {
      const name = `${task}[${i}]`;
      const docId = docs.length;
      names.push(name);
      const doc = toDoc(raw, task);
      if (typeof doc === "string") {
        problems.add({ code: "invalid_record", id: String(docId), field: name, message: `${basename(path)}: question ${name} (doc_id ${docId}): ${doc}; not scored` });
        docs.push(null);
      } else docs.push(doc);
    });
  }
  if (!docs.some((d) => d !== null)) throw new FileReadError(path, "no usable VSTAT question in the truth file");
  return { docs, names };
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
}

function toDoc(raw: unknown, task: string): VstatDoc | string {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return "not a JSON object";
  const o = raw as Record<string, unknown>;
  const answer = o.answer;
  if (answer === undefined || answer === null || (typeof answer !== "string" && typeof answer !== "number")) {
    return `"answer" is missing or not a string/number`;
  }
  const choices = o.choices ?? [];
  if (!Array.isArray(choices)) return `"choices" is not a list`;
  const pick = (...names: string[]) => {
    for (const n of names) if (o[n] !== undefined && o[n] !== null) return o[n];
    return undefined;
  };
  const challenges = pick("perceptual_complexity", "perceptual_challenges", "perceptual_challenge");
  return {
    sourceTask: str(o.source_task) ?? task,
    videoId: str(o.video_id),
    videoPath: str(o.video_path),
    question: str(o.question),
    choices: choices.map((c) => String(c)),
    answer: String(answer),
    answerIndex: typeof o.answer_index === "number" ? o.answer_index : null,
    stateElement: str(pick("state_element_type", "state_element", "element_type")),
    stateStructure: str(pick("state_structure", "structure")),
    perceptualChallenges: Array.isArray(challenges) ? challenges.map((c) => String(c)) : typeof challenges === "string" ? [challenges] : [],
    videoSource: str(o.video_source),
  };
}

function firstText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.length ? firstText(v[0]) : "";
  if (v === null) return "";
  return undefined;
}

/** Scores files; see the module comment. */
export async function scoreFiles(opts: ScoreCliOptions): Promise<ScoreCliOutput> {
  const problems = new ProblemLog();
  const { docs, names } = readTruth(opts.truth, problems);
  const { records, problems: lineProblems } = readJsonl(opts.preds);
  const predsName = basename(opts.preds);
  problems.addAll(lineProblems.map((p) => ({ ...p, message: p.message.replace(/^line (\d+):/, `line $1 of ${predsName}:`) })));
  const responses: (string | undefined)[] = new Array(docs.length);
  const seen = new Map<number, number>();
  for (const { line, value } of records) {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      problems.add({ code: "invalid_record", line, message: `line ${line} of ${predsName}: expected a JSON object {doc_id, prediction}` });
      continue;
    }
    const rec = value as Record<string, unknown>;
    const rawId = rec.doc_id;
    const docId = typeof rawId === "number" ? rawId : typeof rawId === "string" && /^\d+$/.test(rawId.trim()) ? Number(rawId) : NaN;
    if (!Number.isInteger(docId) || docId < 0) {
      problems.add({ code: "invalid_id", line, field: "doc_id", message: `line ${line} of ${predsName}: doc_id ${JSON.stringify(rawId)} is not a non-negative integer; ignored` });
      continue;
    }
    if (docId >= docs.length) {
      problems.add({ code: "unknown_id", line, id: String(docId), message: `line ${line} of ${predsName}: doc_id ${docId} is beyond the ${docs.length} questions of the truth file; ignored` });
      continue;
    }
    if (seen.has(docId)) {
      problems.add({ code: "duplicate_id", line, id: String(docId), message: `line ${line} of ${predsName}: doc_id ${docId} repeats line ${seen.get(docId)}; ignored` });
      continue;
    }
    seen.set(docId, line);
    const fields = opts.answerColumn ? [opts.answerColumn] : PRED_FIELDS;
    const field = fields.find((f) => f in rec);
    const text = field === undefined ? undefined : firstText(rec[field]);
    if (text === undefined) {
      problems.add({
        code: field === undefined ? "missing_field" : "invalid_answer",
        line,
        id: String(docId),
        field: field ?? fields.join("|"),
        message: `line ${line} of ${predsName}: ${field === undefined ? `no ${fields.map((f) => `"${f}"`).join(" or ")} field` : `"${field}" is not text`}; question ${names[docId]} scores 0`,
      });
      responses[docId] = "";
      continue;
    }
    responses[docId] = text;
  }
  let missing = 0;
  docs.forEach((d, i) => {
    if (d && responses[i] === undefined) {
      missing += 1;
      problems.add({ code: "missing_prediction", id: String(i), message: `doc_id ${i} (${names[i]}) has no prediction; scored 0 (as the reference scores an empty response)` });
    }
  });

  const usable = docs.map((d, i) => ({ d, i })).filter((x): x is { d: VstatDoc; i: number } => x.d !== null);
  const { summary, scores } = scoreVstat(
    usable.map((x) => x.d),
    usable.map((x) => responses[x.i]),
  );
  const chance = chanceBaselines(usable.map((x) => x.d));
  if (opts.perQuestionOut) {
    const lines = usable.map((x, k) => JSON.stringify({ doc_id: x.i, name: names[x.i], source_task: x.d.sourceTask, ...scores[k] }));
    writeFileSync(opts.perQuestionOut, lines.join("\n") + (lines.length ? "\n" : ""));
  }
  const result: Record<string, unknown> = {
    benchmark: "vstat",
    model: basename(opts.preds, extname(opts.preds)),
    ...summary,
    chance,
    n_docs: docs.length,
    n_scored: usable.length,
    n_predictions: seen.size,
    n_missing_predictions: missing,
    problem_counts: problems.counts,
    problems_omitted: problems.omitted,
  };
  return { result, problems: problems.list };
}

const p100 = (v: unknown): string => (typeof v === "number" && Number.isFinite(v) ? (v * 100).toFixed(1) : "-");

const ELEMENTS = ["Count", "Location", "Attribute"];
const STRUCTURES = ["Atomic", "Sequence", "Set", "Dict"];

/** Finds a label case-insensitively ("count" and "Count" are the same column). */
function labelValue(groups: Record<string, VstatGroupSummary> | undefined, label: string): number | undefined {
  if (!groups) return undefined;
  const key = Object.keys(groups).find((k) => k.toLowerCase() === label.toLowerCase());
  return key && groups[key].count > 0 ? groups[key].ALL_Score_avg : undefined;
}

/**
 * Table shaped like the paper's Table 2 (×100, one decimal): Avg. over all questions,
 * then state element (Count, Location, Attribute) and state structure (Atomic,
 * Sequence, Set, Dict) columns, for Chance (Random), Chance (Frequency) and the model;
 * then MCQ accuracy / numeric MRA, and per perceptual challenge and source task.
 */
export function formatTable(result: Record<string, unknown>): string {
  const r = result as Partial<VstatSummary> & Record<string, unknown>;
  const chance = (r.chance ?? {}) as { random?: VstatSummary; frequency?: VstatSummary };
  const rule = "=".repeat(100);
  const out: string[] = [rule, `  VSTAT results: ${String(r.model ?? "")}`, rule];
  const cols = [...ELEMENTS, ...STRUCTURES];
  out.push(`  ${"Methods".padEnd(26)}${"Avg.".padStart(7)} | ${ELEMENTS.map((c) => c.padStart(10)).join("")} | ${STRUCTURES.map((c) => c.padStart(10)).join("")}`);
  const row = (name: string, s: Partial<VstatSummary> | undefined) => {
    const vals = cols.map((c) => p100(labelValue(ELEMENTS.includes(c) ? s?.by_state_element : s?.by_state_structure, c)).padStart(10));
    return `  ${name.padEnd(26)}${p100(s?.ALL_Score_avg).padStart(7)} | ${vals.slice(0, 3).join("")} | ${vals.slice(3).join("")}`;
  };
  out.push(row("Chance Level (Random)", chance.random), row("Chance Level (Frequency)", chance.frequency), row(String(r.model ?? "model"), r), "");
  out.push(
    `  MCQ_ACC ${p100(r.MCQ_ACC)} (${r.mcq_count ?? 0} questions)   Numeric_MRA ${p100(r.Numeric_MRA)} (${r.numeric_count ?? 0})   ALL_Score_avg ${p100(r.ALL_Score_avg)} (${r.count ?? 0})`,
    `  predictions: ${r.n_predictions ?? 0} of ${r.n_docs ?? 0} questions, ${r.n_missing_predictions ?? 0} missing (scored 0)`,
    "",
  );
  const section = (title: string, groups: Record<string, VstatGroupSummary> | undefined) => {
    out.push(`  ${title}`);
    for (const [k, g] of Object.entries(groups ?? {})) out.push(`    ${k.padEnd(36)}${p100(g.ALL_Score_avg).padStart(7)}  (n=${g.count})`);
    out.push("");
  };
  section("By perceptual challenge", r.by_perceptual_challenge);
  section("By source task", r.by_source_task);
  section("By video source", r.by_video_source);
  const pc = Object.entries((r.problem_counts ?? {}) as Record<string, number>);
  if (pc.length > 0) out.push("Problems: " + pc.map(([k, n]) => `${k} ${n}`).join(", "));
  return out.join("\n");
}
