/**
 * The one-line hint under every answer form, from the item's answer type (PURE). Each hint says
 * what the server will accept for that question (answer-schemas.ts), nothing more: "negative if
 * it decreased" only where a negative answer is valid (a signed count such as VCBench O1-Delta).
 */
import type { ParticipantQuestion } from "./participant-question";

function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

export function answerHint(q: Pick<ParticipantQuestion, "kind" | "options" | "allowNegative" | "ordered" | "evidence">): string {
  const labels = q.options.map((o) => o.label);
  switch (q.kind) {
    case "integer":
      return q.allowNegative ? "a whole number, negative if it decreased" : "a whole number, 0 or more";
    case "ec_counting":
      return q.evidence ? "a whole number, 0 or more; mark the evidence on the timeline if you can" : "a whole number, 0 or more";
    case "letter":
      return `choose one answer: ${listOf(labels)}`;
    case "statement_pair":
      return `choose the true statement: ${listOf(labels)}`;
    case "toc_bucket":
      return `choose how many: ${listOf(labels)}`;
    case "ordering":
      return `put all ${labels.length} events in the order they happen, first at the top`;
    case "ec_enumeration":
      return q.ordered ? "list the items in the order they happen, one per row" : "list the items, one per row, in any order";
    case "live_response":
      return "type what you see while the video plays; your text is recorded every second";
    default:
      return "a short text answer";
  }
}
