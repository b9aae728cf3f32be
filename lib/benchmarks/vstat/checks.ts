/**
 * VSTAT consistency report (warnings): `answer_not_allowed` (MCQ answer not a letter of
 * one of the choices), `answer_index_mismatch` (answer_index not the answer letter's
 * position), `answer_not_integer` (numeric answer not an integer), `duplicate_options`,
 * `unknown_label` (state element/structure outside the paper's taxonomy),
 * `source_task_mismatch` (doc.source_task differs from the list it is in).
 */
import { issue } from "../issues";
import type { ImportIssue, NormalisedItem } from "../types";

const ELEMENTS = new Set(["count", "location", "attribute"]);
const STRUCTURES = new Set(["atomic", "sequence", "set", "dict", "dictionary"]);

export function checkVstatItems(items: readonly NormalisedItem[]): ImportIssue[] {
  const w: ImportIssue[] = [];
  for (const it of items) {
    const where = { item_id: it.externalId, line: it.line };
    const answer = it.truth.answer;
    const src = it.truth.source;
    if (it.format === "mcq") {
      const options = (it.presentation.options ?? []) as { label: string; text: string }[];
      const letters = options.map((o) => o.label);
      const letter = typeof answer === "string" ? answer.trim().toUpperCase() : null;
      const pos = letter !== null ? letters.indexOf(letter) : -1;
      if (pos === -1) w.push(issue("answer_not_allowed", `answer ${JSON.stringify(answer)} is not one of the choice letters ${letters.join(", ")}`, { ...where, field: "answer" }));
      if (typeof src.answer_index === "number" && pos !== -1 && src.answer_index !== pos) {
        w.push(issue("answer_index_mismatch", `answer_index ${src.answer_index} does not point at answer ${letter} (index ${pos})`, { ...where, field: "answer_index" }));
      }
      const seen = new Set<string>();
      for (const o of options) {
        const k = o.text.trim().toLowerCase();
        if (seen.has(k)) {
          w.push(issue("duplicate_options", `choice ${JSON.stringify(o.text)} appears twice`, { ...where, field: "choices" }));
          break;
        }
        seen.add(k);
      }
    } else {
      const n = typeof answer === "number" ? answer : typeof answer === "string" && /^\s*-?\d+\s*$/.test(answer) ? Number(answer) : NaN;
      if (!Number.isInteger(n)) w.push(issue("answer_not_integer", `numeric answer ${JSON.stringify(answer)} is not an integer`, { ...where, field: "answer" }));
    }
    const el = it.labels.state_element;
    if (typeof el === "string" && !ELEMENTS.has(el.trim().toLowerCase())) w.push(issue("unknown_label", `state_element ${JSON.stringify(el)} is not count, location or attribute`, { ...where, field: "state_element" }));
    const st = it.labels.state_structure;
    if (typeof st === "string" && !STRUCTURES.has(st.trim().toLowerCase())) w.push(issue("unknown_label", `state_structure ${JSON.stringify(st)} is not atomic, sequence, set or dict`, { ...where, field: "state_structure" }));
    if (src.no_source_task !== true && it.labels.source_task !== src.group) {
      w.push(issue("source_task_mismatch", `source_task ${JSON.stringify(it.labels.source_task)} but listed under data.${String(src.group)}`, { ...where, field: "source_task" }));
    }
  }
  return w;
}
