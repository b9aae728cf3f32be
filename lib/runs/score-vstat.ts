/**
 * Scores VSTAT raw predictions (PURE) with lib/metrics `scoreVstat` (MCQ letter accuracy, numeric
 * MRA, the per-question average and taxonomy breakdowns). As the reference, a question without a
 * prediction scores 0 and stays in every average (it is also reported).
 */
import { ProblemLog } from "@/lib/scoring/problem-log";
import { scoreVstat, type VstatDoc } from "@/lib/metrics/vstat";
import type { PartialOutcome } from "./score-vcbench";
import type { ScoredItem, TruthItem, VstatRaw } from "./types";

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
}

/** The VSTAT question (as lib/metrics scores it) stored for a project item. */
export function vstatDocOf(item: TruthItem): VstatDoc {
  const options = Array.isArray(item.presentation.options) ? (item.presentation.options as Array<{ text?: unknown }>) : [];
  const challenges = item.labels.perceptual_challenges ?? item.labels.perceptual_complexity;
  const extra = (item.source.extra ?? {}) as Record<string, unknown>;
  return {
    sourceTask: str(item.labels.source_task) ?? "",
    videoPath: item.videoRef,
    choices: options.map((o) => String(o?.text ?? "")),
    answer: item.answer === null || item.answer === undefined ? "" : String(item.answer),
    stateElement: str(item.labels.state_element ?? item.labels.state_element_type),
    stateStructure: str(item.labels.state_structure),
    perceptualChallenges: Array.isArray(challenges) ? challenges.map(String) : typeof challenges === "string" ? [challenges] : [],
    videoSource: str(extra.video_source),
  };
}

export function scoreVstatRaws(truth: readonly TruthItem[], raws: ReadonlyMap<string, unknown>): PartialOutcome {
  const problems = new ProblemLog();
  const docs = truth.map(vstatDocOf);
  const responses = truth.map((item) => (raws.get(item.itemId) as VstatRaw | undefined)?.response);
  let missing = 0;
  truth.forEach((item, i) => {
    if (responses[i] === undefined) {
      missing += 1;
      if (problems.hasRoom) problems.add({ code: "missing_prediction", id: item.externalId, message: `question ${item.externalId} (doc_id ${item.ordinal}) has no prediction; scored 0 (as the reference scores an empty response)` });
      else problems.count("missing_prediction");
    }
  });
  const { summary, scores } = scoreVstat(docs, responses);
  let invalid = 0;
  const results: ScoredItem[] = truth.map((item, i) => {
    const raw = (raws.get(item.itemId) as VstatRaw | undefined) ?? null;
    const s = scores[i];
    const valid = raw !== null && s.parsed !== null && s.parsed !== "";
    if (raw && !valid) invalid += 1;
    const out: Record<string, number | string | null> = { kind: s.kind, score: s.score };
    if (s.kind === "numeric") out.mra = s.score;
    else out.correct = s.score;
    if (!raw) out.missing = 1;
    return { itemId: item.itemId, raw, parsed: s.parsed, valid, scores: out };
  });
  const metrics = { benchmark: "vstat", ...summary, n_docs: truth.length, n_predictions: truth.length - missing, n_missing_predictions: missing };
  return { results, metrics, problems, counts: { items: truth.length, predicted: truth.length - missing, scored: truth.length, missing, invalid } };
}
