/**
 * THE checks of an annotation document (PURE), one function for everything a person is told is
 * wrong: the workspace's timeline draws the entries with a problem in red, the panels list the
 * problems beside the field, the submit bar lists them, and POST /api/annotations/:id/submit
 * refuses with 422 and the same `details.problems`. A problem shown is a problem submit enforces,
 * and the other way round. Warnings (never blocking, shown as such) are separate.
 *
 * Each check names a document path (`field`, "queryPoints[5].at", for placing it beside its row),
 * the timeline entry it is about (`entityId`) and a message in the panel's words, 1-based, in the
 * panel's units (lib/annotation/entity-names.ts): "Query point 6 is on the same frame as query
 * point 5 (0:04.000 (frame 120))".
 *
 * The checks of an activity the project does not use (workflow settings `activities`, e.g. no
 * query-point design) are skipped. Times themselves (inside the video, matching the PTS table) are
 * the save checks' job (lib/annotation/validate-document.ts).
 *
 * - VCBench: 3-8 query points (exactly 1, at the window end, for O1-Delta and O2-Gain), in
 *   increasing time, no two on one frame; E2 spans closed and ending after they start, split points
 *   inside their cycle; O1-Snap a count at every point; O1-Delta / O2-Gain a window that ends
 *   after it starts, O1-Delta both window counts. Warnings: two occurrences or split points on
 *   one frame, overlapping episodes / cycles.
 * - EC-Bench: feasibility decided; an invalid question says why; a valid one has an answer
 *   (Counting: a whole number), evidence when the answer was revised, evidence clips closed and
 *   ending after they start. Warning: overlapping clips.
 * - TOC-Bench: a decision; a revision that changes something; a removal with one of the paper's
 *   reasons.
 * - VSTAT: state element and structure; a decision; a revision that changes something; a removal
 *   note.
 * - VSAS: every caption has text.
 */
import { plural } from "@/lib/text/plural";
import type { SubmitProblem } from "./api-schemas";
import type { AnnotationDocument, EcbenchDocument, FrameTime, TocbenchDocument, VcbenchDocument, VsasDocument, VstatDocument } from "./document";
import { capitalise, entryName, spanText, timeText, trackNoun } from "./entity-names";

export type SubmitContext = {
  /** The project's annotation task kinds (lib/tasks/workflow-settings.ts); undefined = all. */
  activities?: readonly string[];
  /** The item's native format ("counting", "enumeration", "mcq_4", ...). */
  format?: string;
};

/** One thing to tell the annotator: a problem (blocks submitting) or a warning (does not). */
export type DocumentCheck = SubmitProblem & { entityId?: string };

export type DocumentChecks = { problems: DocumentCheck[]; warnings: DocumentCheck[] };

export const MIN_QUERY_POINTS = 3;
export const MAX_QUERY_POINTS = 8;

/** The VCBench subtypes whose question is about one window (one query point, at the window end). */
export const WINDOW_SUBTYPES = ["O1-Delta", "O2-Gain"] as const;

/** Checks of the last documents seen, per context object: the timeline, the panel and the submit bar share one run per change. */
const cache = new WeakMap<AnnotationDocument, WeakMap<SubmitContext, DocumentChecks>>();
const NO_CONTEXT: SubmitContext = {};

export function documentChecks(doc: AnnotationDocument, ctx: SubmitContext = NO_CONTEXT): DocumentChecks {
  let byCtx = cache.get(doc);
  const hit = byCtx?.get(ctx);
  if (hit) return hit;
  const result = runChecks(doc, ctx);
  if (!byCtx) cache.set(doc, (byCtx = new WeakMap()));
  byCtx.set(ctx, result);
  return result;
}

function runChecks(doc: AnnotationDocument, ctx: SubmitContext): DocumentChecks {
  const uses = (a: string) => !ctx.activities || ctx.activities.includes(a);
  const out: DocumentChecks = { problems: [], warnings: [] };
  switch (doc.benchmark) {
    case "VCBENCH":
      vcbenchChecks(doc, uses, out);
      break;
    case "ECBENCH":
      ecbenchChecks(doc, uses, ctx.format, out);
      break;
    case "TOCBENCH":
      out.problems.push(...tocbenchProblems(doc, uses));
      break;
    case "VSTAT":
      out.problems.push(...vstatProblems(doc, uses));
      break;
    case "VSAS":
      out.problems.push(...vsasProblems(doc, uses));
      break;
  }
  return out;
}

/** What stops a submit (the server's 422 `details.problems`; the submit bar's list). */
export function submitProblems(doc: AnnotationDocument, ctx: SubmitContext = NO_CONTEXT): SubmitProblem[] {
  return documentChecks(doc, ctx).problems.map(({ field, message }) => ({ field, message }));
}

/** Timeline entries with a problem: id -> the messages (drawn red on the timeline, named in the selection editor). */
export function entityProblems(doc: AnnotationDocument, ctx: SubmitContext = NO_CONTEXT): Map<string, string> {
  return byEntity(documentChecks(doc, ctx).problems);
}

/** Timeline entries with a warning (never blocking): id -> the messages. */
export function entityWarnings(doc: AnnotationDocument, ctx: SubmitContext = NO_CONTEXT): Map<string, string> {
  return byEntity(documentChecks(doc, ctx).warnings);
}

function byEntity(checks: readonly DocumentCheck[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of checks) if (c.entityId) m.set(c.entityId, m.has(c.entityId) ? `${m.get(c.entityId)}; ${c.message}` : c.message);
  return m;
}

type Timed = { start: FrameTime; end: FrameTime | null };

/**
 * For each span of a list, the earlier span (index) it overlaps, or -1: the one reaching furthest
 * among those starting no later (lists are in time order; O(n), thousands of spans per keystroke).
 */
function overlapsEarlier(list: readonly Timed[]): number[] {
  const out: number[] = [];
  let reach = -1;
  let reachIndex = -1;
  list.forEach((s, i) => {
    out.push(reachIndex >= 0 && s.start.frame <= reach ? reachIndex : -1);
    const end = (s.end ?? s.start).frame;
    if (end > reach) {
      reach = end;
      reachIndex = i;
    }
  });
  return out;
}

function vcbenchChecks(doc: VcbenchDocument, uses: (a: string) => boolean, out: DocumentChecks): void {
  const { problems, warnings } = out;
  const windowed = (WINDOW_SUBTYPES as readonly string[]).includes(doc.subtype);
  const qpName = (i: number) => entryName(doc, "queryPoints", i);
  if (windowed) {
    if (!doc.window) problems.push({ field: "window", message: `Set the question's window (start and end): ${doc.subtype} asks about one window` });
    else if (doc.window.end.frame <= doc.window.start.frame) {
      problems.push({ field: "window.end", entityId: "window", message: `The window must end after it starts (${spanText(doc, doc.window.start, doc.window.end)})` });
    }
  }
  if (uses("query_points")) {
    const n = doc.queryPoints.length;
    if (windowed) {
      if (n !== 1) problems.push({ field: "queryPoints", message: `${doc.subtype} has exactly 1 query point, at the window end (${n} placed)` });
      else if (doc.window && doc.queryPoints[0].at.frame !== doc.window.end.frame) {
        problems.push({ field: "queryPoints[0].at", entityId: doc.queryPoints[0].id, message: `${qpName(0)} must be at the window end (${timeText(doc, doc.window.end)})` });
      }
    } else if (n < MIN_QUERY_POINTS || n > MAX_QUERY_POINTS) {
      problems.push({ field: "queryPoints", message: `Place ${MIN_QUERY_POINTS}-${MAX_QUERY_POINTS} query points (${plural(n, "query point")} placed)` });
    }
    for (let i = 1; i < n; i++) {
      const a = doc.queryPoints[i - 1].at;
      const b = doc.queryPoints[i].at;
      const entityId = doc.queryPoints[i].id;
      if (b.frame === a.frame) problems.push({ field: `queryPoints[${i}].at`, entityId, message: `${qpName(i)} is on the same frame as query point ${i} (${timeText(doc, b)})` });
      else if (b.frame < a.frame) {
        problems.push({ field: `queryPoints[${i}].at`, entityId, message: `${qpName(i)} (${timeText(doc, b)}) is earlier than query point ${i} (${timeText(doc, a)}): query points go in increasing time` });
      }
    }
  }
  if (uses("events")) {
    for (let i = 1; i < doc.moments.length; i++) {
      if (doc.moments[i].at.frame === doc.moments[i - 1].at.frame) {
        warnings.push({ field: `moments[${i}].at`, entityId: doc.moments[i].id, message: `${entryName(doc, "moments", i)} is on the same frame as occurrence ${i} (${timeText(doc, doc.moments[i].at)}): counted twice` });
      }
    }
  }
  if (uses("events") && (doc.subtype === "E2-Episode" || doc.subtype === "E2-Periodic")) {
    const [noun] = trackNoun(doc, "occurrences");
    const overlapped = overlapsEarlier(doc.occurrences);
    doc.occurrences.forEach((o, i) => {
      const name = entryName(doc, "occurrences", i);
      if (!o.end) problems.push({ field: `occurrences[${i}].end`, entityId: o.id, message: `${name} is not closed: set where this ${noun} ends` });
      else if (o.end.frame <= o.start.frame) problems.push({ field: `occurrences[${i}].end`, entityId: o.id, message: `${name} must end after it starts (${spanText(doc, o.start, o.end)})` });
      o.splits.forEach((s, j) => {
        const splitName = `${entryName(doc, "splits", j)} of ${noun} ${i + 1}`;
        if (s.at.frame < o.start.frame || (o.end !== null && s.at.frame > o.end.frame)) {
          problems.push({ field: `occurrences[${i}].splits[${j}].at`, entityId: s.id, message: `${splitName} (${timeText(doc, s.at)}) is outside its ${noun} (${spanText(doc, o.start, o.end)})` });
        } else if (j > 0 && s.at.frame === o.splits[j - 1].at.frame) {
          warnings.push({ field: `occurrences[${i}].splits[${j}].at`, entityId: s.id, message: `${splitName} is on the same frame as split point ${j} (${timeText(doc, s.at)})` });
        }
      });
      if (overlapped[i] >= 0) warnings.push({ field: `occurrences[${i}]`, entityId: o.id, message: `${name} overlaps ${noun} ${overlapped[i] + 1}` });
    });
  }
  if (uses("counts")) {
    if (doc.subtype === "O1-Snap") {
      doc.queryPoints.forEach((q, i) => {
        if (q.count === null) problems.push({ field: `queryPoints[${i}].count`, entityId: q.id, message: `${qpName(i)}: enter the count visible there` });
      });
    }
    if (doc.subtype === "O1-Delta") {
      if (doc.countAtStart === null) problems.push({ field: "countAtStart", message: "Enter the count at the window start" });
      if (doc.countAtEnd === null) problems.push({ field: "countAtEnd", message: "Enter the count at the window end" });
    }
  }
}

function ecbenchChecks(doc: EcbenchDocument, uses: (a: string) => boolean, format: string | undefined, out: DocumentChecks): void {
  const { problems, warnings } = out;
  if (uses("feasibility")) {
    if (doc.feasible === null) problems.push({ field: "feasible", message: "Decide whether the question can be answered from the video" });
    if (doc.feasible === false && !doc.invalidReason.trim()) problems.push({ field: "invalidReason", message: "Say why the question is invalid" });
  }
  if (doc.feasible === false) return;
  if (uses("answer")) {
    const answer = doc.answer.trim();
    if (!answer) problems.push({ field: "answer", message: "Give the answer (a number for Counting, the list for Enumeration)" });
    else if (format === "counting" && !/^\d+$/.test(answer)) problems.push({ field: "answer", message: "A Counting answer is a whole number (0 or more)" });
  }
  if (uses("evidence")) {
    if (doc.answerRevised && doc.evidence.length === 0) problems.push({ field: "evidence", message: "The answer was revised: mark the evidence clips that support it" });
    const overlapped = overlapsEarlier(doc.evidence);
    doc.evidence.forEach((s, i) => {
      const name = entryName(doc, "evidence", i);
      if (!s.end) problems.push({ field: `evidence[${i}].end`, entityId: s.id, message: `${name} is not closed: set where this clip ends` });
      else if (s.end.frame <= s.start.frame) problems.push({ field: `evidence[${i}].end`, entityId: s.id, message: `${name} must end after it starts (${spanText(doc, s.start, s.end)})` });
      if (overlapped[i] >= 0) warnings.push({ field: `evidence[${i}]`, entityId: s.id, message: `${name} overlaps clip ${overlapped[i] + 1}: merge them into one clip` });
    });
  }
}

function revisionChanges(rev: TocbenchDocument["revision"]): boolean {
  return !!rev && (rev.question !== undefined || rev.presentation !== undefined || rev.answer !== undefined);
}

function tocbenchProblems(doc: TocbenchDocument, uses: (a: string) => boolean): DocumentCheck[] {
  if (!uses("qa_verification")) return [];
  const out: DocumentCheck[] = [];
  if (doc.decision === null) out.push({ field: "decision", message: "Keep, revise or remove the item" });
  if (doc.decision === "revise" && !revisionChanges(doc.revision)) out.push({ field: "revision", message: "A revision must change the question, the options or the label" });
  if (doc.decision === "remove" && doc.removalReason === null) out.push({ field: "removalReason", message: "Choose why the item is removed" });
  return out;
}

function vstatProblems(doc: VstatDocument, uses: (a: string) => boolean): DocumentCheck[] {
  const out: DocumentCheck[] = [];
  if (uses("taxonomy")) {
    if (doc.stateElement === null) out.push({ field: "stateElement", message: "Choose the state element (count, location or attribute)" });
    if (doc.stateStructure === null) out.push({ field: "stateStructure", message: "Choose the state structure (atomic, sequence, set or dict)" });
  }
  if (uses("qa_validation")) {
    if (doc.decision === null) out.push({ field: "decision", message: "Keep, revise or remove the item" });
    if (doc.decision === "revise" && !revisionChanges(doc.revision)) out.push({ field: "revision", message: "A revision must change the question, the options or the answer" });
    if (doc.decision === "remove" && !doc.removalNote.trim()) out.push({ field: "removalNote", message: "Say why the item is removed" });
  }
  return out;
}

function vsasProblems(doc: VsasDocument, uses: (a: string) => boolean): DocumentCheck[] {
  if (!uses("caption_review")) return [];
  const out: DocumentCheck[] = [];
  if (doc.captions.length === 0) out.push({ field: "captions", message: "There are no captions to submit" });
  doc.captions.forEach((c, i) => {
    if (!c.text.trim()) out.push({ field: `captions[${i}].text`, message: `${capitalise(`second ${c.second}`)}: the caption is empty` });
  });
  return out;
}
