/**
 * The document a new annotation starts from (PURE).
 *
 * - Every mode: what the item shows any annotator anyway: VCBench subtype, the item's query
 *   points (times, no counts) and, for O1-Delta / O2-Gain, the question's window (the window is
 *   the question's parameter, not its answer); VSTAT taxonomy labels already on the item.
 * - `prefill` (verifying a generated item): the item's truth in document form: VCBench moments /
 *   occurrences / first appearances from `occurrence_times`, O1-Snap counts; EC-Bench answer and
 *   evidence clips; VSAS captions. TOC-Bench and VSTAT verification start undecided (the truth is
 *   shown beside the form, `shownTruth`).
 * - `blank`: nothing derived from truth (the caller passes `truth: null`).
 * Seconds are mapped to frames with the video's PTS table; without a video, timed entries are left
 * out (they could not be checked).
 */
import { VCBENCH_SUBTYPES, type VcbenchSubtype } from "@/lib/metrics/vcbench";
import {
  ANNOTATION_DOCUMENT_VERSION,
  VSTAT_CHALLENGES,
  VSTAT_STATE_ELEMENTS,
  VSTAT_STATE_STRUCTURES,
  type AnnotationDocument,
  type CaptionReview,
  type FrameTime,
} from "./document";
import { frameTimeAtSec, type VideoTiming } from "./video-timing";

export type InitialDocumentInput = {
  benchmark: string;
  labels: Record<string, unknown>;
  presentation: Record<string, unknown>;
  /** Query point times of the item (stored order). */
  queryPoints: readonly { timeSec: number }[];
  /** The item's truth: only for prefill tasks. */
  truth: { answer: unknown; source: Record<string, unknown> } | null;
  /** TRUTH evidence spans (EC-Bench), only for prefill tasks. */
  truthSpans: readonly { startSec: number; endSec: number; label?: string }[];
  timing: VideoTiming | null;
};

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === "number" && Number.isFinite(x)) : []);

export function vcbenchSubtypeOf(labels: Record<string, unknown>): VcbenchSubtype | null {
  const s = labels.subtype;
  return typeof s === "string" && (VCBENCH_SUBTYPES as readonly string[]).includes(s) ? (s as VcbenchSubtype) : null;
}

export function initialDocument(input: InitialDocumentInput): AnnotationDocument | null {
  const { timing } = input;
  const at = (sec: number): FrameTime | null => (timing ? frameTimeAtSec(timing, sec) : null);
  switch (input.benchmark) {
    case "VCBENCH": {
      const subtype = vcbenchSubtypeOf(input.labels);
      if (!subtype) return null;
      const source = input.truth?.source ?? {};
      const occ = source.occurrence_times;
      const list = numbers(occ);
      const se = occ && typeof occ === "object" && !Array.isArray(occ) ? (occ as { start?: unknown; end?: unknown }) : null;
      const starts = numbers(se?.start);
      const ends = numbers(se?.end);
      const counts = input.truth ? numbers(input.truth.answer) : [];
      const doc: AnnotationDocument = {
        benchmark: "VCBENCH",
        v: ANNOTATION_DOCUMENT_VERSION,
        subtype,
        moments: [],
        occurrences: [],
        identities: [],
        window: null,
        countAtStart: null,
        countAtEnd: null,
        queryPoints: [],
        notes: "",
      };
      if (timing) {
        doc.queryPoints = input.queryPoints.map((q, i) => ({
          id: `qp${i + 1}`,
          at: at(q.timeSec)!,
          count: subtype === "O1-Snap" && typeof counts[i] === "number" && Number.isInteger(counts[i]) && counts[i] >= 0 ? counts[i] : null,
        }));
      }
      // The window of O1-Delta / O2-Gain is the question's parameter (shown in the question text).
      if ((subtype === "O1-Delta" || subtype === "O2-Gain") && timing) {
        const windowSource = input.truth ? se : null;
        const ws = numbers(windowSource?.start)[0];
        const we = numbers(windowSource?.end)[0];
        if (ws !== undefined && we !== undefined) doc.window = { start: at(ws)!, end: at(we)! };
      }
      if (!input.truth || !timing) return doc;
      if (subtype === "E1-Action" || subtype === "E1-Transit") {
        doc.moments = list.map((t, i) => ({ id: `m${i + 1}`, at: at(t)!, label: "", comment: "" }));
      } else if (subtype === "O2-Unique") {
        doc.identities = list.map((t, i) => ({ id: `id${i + 1}`, key: `#${i + 1}`, note: "", firstAppearance: at(t)! }));
      } else if (subtype === "E2-Episode" || subtype === "E2-Periodic") {
        doc.occurrences = starts.map((s, i) => {
          const start = at(s)!;
          const e = ends[i];
          let end = e === undefined ? null : at(e)!;
          if (end && end.frame < start.frame) end = start;
          return { id: `o${i + 1}`, start, end, label: "", comment: "", splits: [] };
        });
      }
      return doc;
    }
    case "ECBENCH": {
      const answer = input.truth ? answerText(input.truth.answer) : "";
      const evidence = timing
        ? input.truthSpans.map((s, i) => {
            const start = at(Math.floor(s.startSec))!;
            let end = at(Math.ceil(s.endSec))!;
            if (end.frame < start.frame) end = start;
            return { id: `ev${i + 1}`, start, end, label: s.label ?? "", comment: "" };
          })
        : [];
      return { benchmark: "ECBENCH", v: ANNOTATION_DOCUMENT_VERSION, feasible: null, invalidReason: "", answer, answerRevised: false, evidence, notes: "" };
    }
    case "TOCBENCH":
      return { benchmark: "TOCBENCH", v: ANNOTATION_DOCUMENT_VERSION, decision: null, revision: null, removalReason: null, removalNote: "", notes: "" };
    case "VSTAT": {
      const norm = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase().replace(/[\s-]+/g, "_") : "");
      const el = norm(input.labels.state_element);
      const st = norm(input.labels.state_structure);
      const rawChallenges = Array.isArray(input.labels.perceptual_challenges) ? input.labels.perceptual_challenges : typeof input.labels.perceptual_challenges === "string" ? [input.labels.perceptual_challenges] : [];
      const challenges = [...new Set(rawChallenges.map(norm))].filter((c): c is (typeof VSTAT_CHALLENGES)[number] => (VSTAT_CHALLENGES as readonly string[]).includes(c));
      return {
        benchmark: "VSTAT",
        v: ANNOTATION_DOCUMENT_VERSION,
        stateElement: (VSTAT_STATE_ELEMENTS as readonly string[]).includes(el) ? (el as (typeof VSTAT_STATE_ELEMENTS)[number]) : null,
        stateStructure: (VSTAT_STATE_STRUCTURES as readonly string[]).includes(st) ? (st as (typeof VSTAT_STATE_STRUCTURES)[number]) : null,
        challenges,
        decision: null,
        revision: null,
        removalNote: "",
        notes: "",
      };
    }
    case "VSAS": {
      const captions: CaptionReview[] = [];
      if (input.truth && Array.isArray(input.truth.answer)) {
        const fps = typeof input.presentation.fps === "number" && input.presentation.fps > 0 ? input.presentation.fps : 1;
        input.truth.answer.forEach((c, i) => {
          const text = typeof c === "string" ? c : c && typeof c === "object" && typeof (c as { text?: unknown }).text === "string" ? (c as { text: string }).text : null;
          const t = c && typeof c === "object" && typeof (c as { t?: unknown }).t === "number" ? (c as { t: number }).t : i / fps;
          if (text === null) return;
          const second = Math.max(0, Math.round(t * fps));
          if (captions.some((x) => x.second === second)) return;
          captions.push({ second, text: text.slice(0, 5000), corrected: false, inconsistentWith: null, note: "" });
        });
      }
      return { benchmark: "VSAS", v: ANNOTATION_DOCUMENT_VERSION, captions, notes: "" };
    }
    default:
      return null;
  }
}

function answerText(answer: unknown): string {
  if (typeof answer === "string") return answer;
  if (typeof answer === "number") return String(answer);
  if (Array.isArray(answer)) return answer.map(String).join(", ");
  return "";
}
