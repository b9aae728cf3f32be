/**
 * One version of a document as lines a person reads (PURE), for comparing two versions side by
 * side (the conflict dialog): what the panel shows, named and valued as the panel does
 * (lib/annotation/entity-names.ts), 1-based, in the panel's units; never raw field names or
 * internal values. Empty fields are left out.
 */
import type { AnnotationDocument, QaRevision } from "./document";
import { TOC_REMOVAL_REASON_LABELS } from "./document";
import { entryName, spanText, timeText } from "./entity-names";
import { QA_DECISION_LABELS } from "./qa-revision";
import { VSTAT_CHALLENGE_INFO, VSTAT_ELEMENT_INFO, VSTAT_STRUCTURE_INFO } from "./vstat-taxonomy";
import { plural } from "@/lib/text/plural";

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);
const withLabel = (label: string) => (label.trim() ? ` — ${clip(label.trim(), 40)}` : "");

function revisionLines(rev: QaRevision | null, answerWord: string): string[] {
  if (!rev) return [];
  const out: string[] = [];
  if (rev.question !== undefined) out.push(`Revised question: ${clip(rev.question)}`);
  if (rev.presentation !== undefined) {
    for (const [key, list] of Object.entries(rev.presentation)) {
      if (!Array.isArray(list)) continue;
      const texts = list.map((c) => (c && typeof c === "object" && "label" in c ? `${String((c as { label: unknown }).label)}. ${String((c as { text?: unknown }).text ?? "")}` : String(c)));
      out.push(`Revised ${key === "events" ? "events" : key === "statements" ? "statements" : "options"}: ${clip(texts.join(" · "), 120)}`);
    }
  }
  if (rev.answer !== undefined) out.push(`Revised ${answerWord}: ${Array.isArray(rev.answer) ? rev.answer.join(" → ") : String(rev.answer)}`);
  return out;
}

export function describeDocument(doc: AnnotationDocument): string[] {
  const lines: string[] = [];
  switch (doc.benchmark) {
    case "VCBENCH": {
      if (doc.window) lines.push(`Window: ${spanText(doc, doc.window.start, doc.window.end)}`);
      if (doc.countAtStart !== null) lines.push(`Count at the window start: ${doc.countAtStart}`);
      if (doc.countAtEnd !== null) lines.push(`Count at the window end: ${doc.countAtEnd}`);
      doc.moments.forEach((m, i) => lines.push(`${entryName(doc, "moments", i)}: ${timeText(doc, m.at)}${withLabel(m.label)}`));
      doc.occurrences.forEach((o, i) => {
        const name = entryName(doc, "occurrences", i);
        lines.push(`${name}: ${spanText(doc, o.start, o.end)}${withLabel(o.label)}`);
        o.splits.forEach((s, j) => lines.push(`${entryName(doc, "splits", j)} of ${name.toLowerCase()}: ${timeText(doc, s.at)}`));
      });
      doc.identities.forEach((x) => lines.push(`Individual ${x.key}: first seen ${timeText(doc, x.firstAppearance)}${withLabel(x.note)}`));
      doc.queryPoints.forEach((q, i) => {
        const count = doc.subtype === "O1-Snap" ? (q.count === null ? ", count not entered" : `, count ${q.count}`) : "";
        lines.push(`${entryName(doc, "queryPoints", i)}: ${timeText(doc, q.at)}${count}`);
      });
      break;
    }
    case "ECBENCH":
      lines.push(`Feasibility: ${doc.feasible === null ? "not decided" : doc.feasible ? "answerable from the video" : "invalid question"}`);
      if (doc.feasible === false && doc.invalidReason.trim()) lines.push(`Why it is invalid: ${clip(doc.invalidReason)}`);
      if (doc.answer.trim()) lines.push(`Answer: ${clip(doc.answer)}${doc.answerRevised ? " (revised)" : ""}`);
      doc.evidence.forEach((s, i) => lines.push(`${entryName(doc, "evidence", i)}: ${spanText(doc, s.start, s.end)}${withLabel(s.label)}`));
      break;
    case "TOCBENCH":
      if (doc.decision) lines.push(`Decision: ${QA_DECISION_LABELS[doc.decision]}`);
      lines.push(...revisionLines(doc.decision === "revise" ? doc.revision : null, "label"));
      if (doc.decision === "remove" && doc.removalReason) lines.push(`Removal reason: ${TOC_REMOVAL_REASON_LABELS[doc.removalReason]}`);
      if (doc.decision === "remove" && doc.removalNote.trim()) lines.push(`Removal details: ${clip(doc.removalNote)}`);
      break;
    case "VSTAT":
      if (doc.stateElement) lines.push(`State element: ${VSTAT_ELEMENT_INFO[doc.stateElement].name}`);
      if (doc.stateStructure) lines.push(`State structure: ${VSTAT_STRUCTURE_INFO[doc.stateStructure].name}`);
      if (doc.challenges.length) lines.push(`Perceptual challenges: ${doc.challenges.map((c) => VSTAT_CHALLENGE_INFO[c].name).join(", ")}`);
      if (doc.decision) lines.push(`Decision: ${QA_DECISION_LABELS[doc.decision]}`);
      lines.push(...revisionLines(doc.decision === "revise" ? doc.revision : null, "answer"));
      if (doc.decision === "remove" && doc.removalNote.trim()) lines.push(`Why it is removed: ${clip(doc.removalNote)}`);
      break;
    case "VSAS": {
      const corrected = doc.captions.filter((c) => c.corrected).length;
      const flagged = doc.captions.filter((c) => c.inconsistentWith).length;
      lines.push(`${plural(doc.captions.length, "caption")} · ${corrected} corrected · ${flagged} flagged`);
      for (const c of doc.captions) {
        const marks = [c.corrected ? "corrected" : "", c.inconsistentWith ? `inconsistent with the ${c.inconsistentWith} second` : ""].filter(Boolean).join(", ");
        if (marks) lines.push(`Second ${c.second}: ${clip(c.text, 60)} (${marks})`);
      }
      break;
    }
  }
  if (doc.notes.trim()) lines.push(`Notes: ${clip(doc.notes)}`);
  return lines;
}
