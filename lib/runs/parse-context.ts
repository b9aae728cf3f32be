/**
 * Shared pieces of the prediction parsers (PURE): the problem log, item lookup by native id with
 * the problems for unknown and removed items.
 */
import { DEFAULT_CLIP_PARSER, type ClipParser } from "@/lib/metrics/parse-time";
import { ProblemLog } from "@/lib/scoring/problem-log";
import type { TruthIndex, TruthItem } from "./types";

export type ParseContext = {
  truth: TruthIndex;
  problems: ProblemLog;
  /** Field / column holding the answer, when the format allows a choice. */
  answerColumn?: string;
  /** EC-Bench: column holding predicted clips. */
  clipsColumn?: string;
  /** EC-Bench: how clip cells are read (the project's `clipParser`; reference by default). */
  clipParser: ClipParser;
  fileName: string;
};

export function newParseContext(truth: TruthIndex, options: { answerColumn?: string; clipsColumn?: string; clipParser?: ClipParser; fileName?: string } = {}): ParseContext {
  return {
    truth,
    problems: new ProblemLog(),
    answerColumn: options.answerColumn,
    clipsColumn: options.clipsColumn,
    clipParser: options.clipParser ?? DEFAULT_CLIP_PARSER,
    fileName: options.fileName ?? "the file",
  };
}

/** An id read from a record: a non-empty string, or a finite number written as text; else null. */
export function idText(value: unknown): string | null {
  if (typeof value === "string" && value.trim() !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The ACTIVE item with native id `id`, or null after reporting `unknown_id` (not in the project)
 * or `removed_item` (removed during verification; its prediction is ignored).
 */
export function itemById(ctx: ParseContext, id: string, line: number, field: string): TruthItem | null {
  const item = ctx.truth.byExternalId.get(id);
  if (item) return item;
  if (ctx.truth.removed.has(id)) {
    ctx.problems.add({ code: "removed_item", line, id, field, message: `line ${line}: item "${id}" was removed from the project; its prediction is ignored` });
  } else {
    ctx.problems.add({ code: "unknown_id", line, id, field, message: `line ${line}: ${field} "${id}" is not an item of this project; ignored` });
  }
  return null;
}
