/**
 * Which truth context an annotation task is (PURE): `task-prefill` when the task verifies the
 * generated item (mode `prefill`) on an annotation / verification pass: the generator's work is the
 * same for every pass, so a blind double-review pass still sees it; everything else (mode `blank`,
 * adjudication, review, judge and qualification queues, whose own rules decide) is `task-blind`.
 * The answer goes to `truthVisibleTo` (lib/projects/access.ts), which applies the role rule.
 */
import type { TruthContext } from "@/lib/projects/access";

export type TaskTruthFacts = { mode: string; kind: string };

const PREFILL_KINDS = new Set(["ANNOTATE", "VERIFY"]);

export function truthShownToTask(task: TaskTruthFacts): boolean {
  return task.mode === "prefill" && PREFILL_KINDS.has(task.kind);
}

export function taskTruthContext(task: TaskTruthFacts): TruthContext {
  return truthShownToTask(task) ? "task-prefill" : "task-blind";
}
