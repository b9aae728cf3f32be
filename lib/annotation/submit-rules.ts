/**
 * What a document must hold before it can be submitted, per benchmark (PURE: the workspace shows
 * these live as the annotator works; POST /api/annotations/:id/submit refuses with 422 and
 * `details.problems` when any remain). Each problem names a document path ("queryPoints",
 * "occurrences[2].end") and says what is missing in words an annotator understands.
 *
 * The checks of an activity the project does not use (workflow settings `activities`, e.g. no
 * query-point design) are skipped. Times themselves (inside the video, matching the PTS table) are
 * the save checks' job (lib/annotation/validate-document.ts).
 *
 * - VCBench: 3-8 query points (exactly 1, at the window end, for O1-Delta and O2-Gain), in
 *   increasing time, no two on one frame; E2 spans closed and ending after they start, split points
 *   inside their cycle; O1-Snap a count at every point; O1-Delta / O2-Gain a window that ends
 *   after it starts, O1-Delta both window counts.
 * - EC-Bench: feasibility decided; an invalid question says why; a valid one has an answer
 *   (Counting: a whole number), evidence when the answer was revised, evidence spans closed.
 * - TOC-Bench: a decision; a revision that changes something; a removal with one of the paper's
 *   reasons.
 * - VSTAT: state element and structure; a decision; a revision that changes something; a removal
 *   note.
 * - VSAS: every caption has text.
 */
import type { SubmitProblem } from "./api-schemas";
import type { AnnotationDocument, EcbenchDocument, TocbenchDocument, VcbenchDocument, VsasDocument, VstatDocument } from "./document";

export type SubmitContext = {
  /** The project's annotation task kinds (lib/tasks/workflow-settings.ts); undefined = all. */
  activities?: readonly string[];
  /** The item's native format ("counting", "enumeration", "mcq_4", ...). */
  format?: string;
};

export const MIN_QUERY_POINTS = 3;
export const MAX_QUERY_POINTS = 8;

export function submitProblems(doc: AnnotationDocument, ctx: SubmitContext = {}): SubmitProblem[] {
  const uses = (a: string) => !ctx.activities || ctx.activities.includes(a);
  switch (doc.benchmark) {
    case "VCBENCH":
      return vcbenchProblems(doc, uses);
    case "ECBENCH":
      return ecbenchProblems(doc, uses, ctx.format);
    case "TOCBENCH":
      return tocbenchProblems(doc, uses);
    case "VSTAT":
      return vstatProblems(doc, uses);
    case "VSAS":
      return vsasProblems(doc, uses);
  }
}

/** The VCBench subtypes whose question is about one window (one query point, at the window end). */
export const WINDOW_SUBTYPES = ["O1-Delta", "O2-Gain"] as const;

function vcbenchProblems(doc: VcbenchDocument, uses: (a: string) => boolean): SubmitProblem[] {
  const out: SubmitProblem[] = [];
  const windowed = (WINDOW_SUBTYPES as readonly string[]).includes(doc.subtype);
  if (windowed) {
    if (!doc.window) out.push({ field: "window", message: `${doc.subtype} needs the question's window (start and end)` });
    else if (doc.window.end.frame <= doc.window.start.frame) out.push({ field: "window.end", message: "the window must end after it starts" });
  }
  if (uses("query_points")) {
    const n = doc.queryPoints.length;
    if (windowed) {
      if (n !== 1) out.push({ field: "queryPoints", message: `${doc.subtype} has exactly 1 query point, at the window end (has ${n})` });
      else if (doc.window && doc.queryPoints[0].at.frame !== doc.window.end.frame) {
        out.push({ field: "queryPoints[0].at", message: `must be at the window end (frame ${doc.window.end.frame}, ${doc.window.end.sec.toFixed(3)} s)` });
      }
    } else if (n < MIN_QUERY_POINTS || n > MAX_QUERY_POINTS) {
      out.push({ field: "queryPoints", message: `place ${MIN_QUERY_POINTS}-${MAX_QUERY_POINTS} query points (has ${n})` });
    }
    for (let i = 1; i < n; i++) {
      const a = doc.queryPoints[i - 1].at.frame;
      const b = doc.queryPoints[i].at.frame;
      if (b === a) out.push({ field: `queryPoints[${i}].at`, message: `is on the same frame as query point ${i} (frame ${b})` });
      else if (b < a) out.push({ field: `queryPoints[${i}].at`, message: `comes before query point ${i} (frame ${b} < ${a}): query points must be in increasing time` });
    }
  }
  if (uses("events") && (doc.subtype === "E2-Episode" || doc.subtype === "E2-Periodic")) {
    doc.occurrences.forEach((o, i) => {
      if (!o.end) out.push({ field: `occurrences[${i}].end`, message: "is not closed: set where this occurrence ends" });
      else if (o.end.frame <= o.start.frame) out.push({ field: `occurrences[${i}].end`, message: "must be after the start" });
      if (o.end) {
        o.splits.forEach((s, j) => {
          if (s.at.frame < o.start.frame || s.at.frame > o.end!.frame) out.push({ field: `occurrences[${i}].splits[${j}].at`, message: "is outside its cycle" });
        });
      }
    });
  }
  if (uses("counts")) {
    if (doc.subtype === "O1-Snap") {
      doc.queryPoints.forEach((q, i) => {
        if (q.count === null) out.push({ field: `queryPoints[${i}].count`, message: "enter the count visible at this query point" });
      });
    }
    if (doc.subtype === "O1-Delta") {
      if (doc.countAtStart === null) out.push({ field: "countAtStart", message: "enter the count at the window start" });
      if (doc.countAtEnd === null) out.push({ field: "countAtEnd", message: "enter the count at the window end" });
    }
  }
  return out;
}

function ecbenchProblems(doc: EcbenchDocument, uses: (a: string) => boolean, format: string | undefined): SubmitProblem[] {
  const out: SubmitProblem[] = [];
  if (uses("feasibility")) {
    if (doc.feasible === null) out.push({ field: "feasible", message: "decide whether the question can be answered from the video" });
    if (doc.feasible === false && !doc.invalidReason.trim()) out.push({ field: "invalidReason", message: "say why the question is invalid" });
  }
  if (doc.feasible === false) return out;
  if (uses("answer")) {
    const answer = doc.answer.trim();
    if (!answer) out.push({ field: "answer", message: "give the answer (a number for Counting, the list for Enumeration)" });
    else if (format === "counting" && !/^\d+$/.test(answer)) out.push({ field: "answer", message: "a Counting answer is a whole number (0 or more)" });
  }
  if (uses("evidence")) {
    if (doc.answerRevised && doc.evidence.length === 0) out.push({ field: "evidence", message: "the answer was revised: mark the evidence clips that support it" });
    doc.evidence.forEach((s, i) => {
      if (!s.end) out.push({ field: `evidence[${i}].end`, message: "is not closed: set where this clip ends" });
      else if (s.end.frame <= s.start.frame) out.push({ field: `evidence[${i}].end`, message: "must be after the start" });
    });
  }
  return out;
}

function revisionChanges(rev: TocbenchDocument["revision"]): boolean {
  return !!rev && (rev.question !== undefined || rev.presentation !== undefined || rev.answer !== undefined);
}

function tocbenchProblems(doc: TocbenchDocument, uses: (a: string) => boolean): SubmitProblem[] {
  if (!uses("qa_verification")) return [];
  const out: SubmitProblem[] = [];
  if (doc.decision === null) out.push({ field: "decision", message: "keep, revise or remove the item" });
  if (doc.decision === "revise" && !revisionChanges(doc.revision)) out.push({ field: "revision", message: "a revision must change the question, the options or the label" });
  if (doc.decision === "remove" && doc.removalReason === null) out.push({ field: "removalReason", message: "choose why the item is removed" });
  return out;
}

function vstatProblems(doc: VstatDocument, uses: (a: string) => boolean): SubmitProblem[] {
  const out: SubmitProblem[] = [];
  if (uses("taxonomy")) {
    if (doc.stateElement === null) out.push({ field: "stateElement", message: "choose the state element (count, location or attribute)" });
    if (doc.stateStructure === null) out.push({ field: "stateStructure", message: "choose the state structure (atomic, sequence, set or dict)" });
  }
  if (uses("qa_validation")) {
    if (doc.decision === null) out.push({ field: "decision", message: "keep, revise or remove the item" });
    if (doc.decision === "revise" && !revisionChanges(doc.revision)) out.push({ field: "revision", message: "a revision must change the question, the options or the answer" });
    if (doc.decision === "remove" && !doc.removalNote.trim()) out.push({ field: "removalNote", message: "say why the item is removed" });
  }
  return out;
}

function vsasProblems(doc: VsasDocument, uses: (a: string) => boolean): SubmitProblem[] {
  if (!uses("caption_review")) return [];
  const out: SubmitProblem[] = [];
  if (doc.captions.length === 0) out.push({ field: "captions", message: "there are no captions to submit" });
  doc.captions.forEach((c, i) => {
    if (!c.text.trim()) out.push({ field: `captions[${i}].text`, message: `the caption of second ${c.second} is empty` });
  });
  return out;
}
