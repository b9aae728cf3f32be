/**
 * What the panels call things, for every message a person reads (PURE): the timeline's names,
 * the submit checks, the conflict dialog, the history. 1-based, in the panel's units.
 *
 * - VCBench: E1 moments are "occurrences", E2 occurrences are "episodes" (E2-Episode) or
 *   "cycles" (E2-Periodic) with "split points"; identities are "individuals" named by their id;
 *   "query points"; the "window". Times as the panel shows them: m:ss.sss and the frame.
 * - EC-Bench: evidence "clips", at whole seconds ("4 s").
 */
import type { AnnotationDocument, FrameTime } from "./document";

export type NamedTrack = "moments" | "occurrences" | "splits" | "identities" | "queryPoints" | "window" | "evidence";

/** Singular and plural noun of a list, lower case, as the panel words it. */
export function trackNoun(doc: AnnotationDocument, track: NamedTrack): [string, string] {
  switch (track) {
    case "moments":
      return ["occurrence", "occurrences"];
    case "occurrences":
      return doc.benchmark === "VCBENCH" && doc.subtype === "E2-Periodic" ? ["cycle", "cycles"] : ["episode", "episodes"];
    case "splits":
      return ["split point", "split points"];
    case "identities":
      return ["individual", "individuals"];
    case "queryPoints":
      return ["query point", "query points"];
    case "window":
      return ["window", "windows"];
    case "evidence":
      return ["clip", "clips"];
  }
}

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "Query point 6", "Cycle 2", "Clip 1" (index 0-based in, 1-based out). */
export function entryName(doc: AnnotationDocument, track: NamedTrack, index: number): string {
  return `${capitalise(trackNoun(doc, track)[0])} ${index + 1}`;
}

/** m:ss.sss of a time (the VCBench panel's clock). */
export function formatClock(t: Pick<FrameTime, "sec">): string {
  const m = Math.floor(t.sec / 60);
  const s = t.sec - m * 60;
  return `${m}:${s.toFixed(3).padStart(6, "0")}`;
}

/** A time in the panel's units: "4 s" (EC-Bench, whole seconds), else "0:04.000 (frame 120)". */
export function timeText(doc: AnnotationDocument, t: FrameTime): string {
  if (doc.benchmark === "ECBENCH") return `${Math.round(t.sec)} s`;
  return `${formatClock(t)} (frame ${t.frame})`;
}

/** A span in the panel's units: "4 s–9 s", "0:01.000–0:02.500 (frames 30–75)"; an open end says so. */
export function spanText(doc: AnnotationDocument, start: FrameTime, end: FrameTime | null): string {
  if (doc.benchmark === "ECBENCH") return `${Math.round(start.sec)} s–${end ? `${Math.round(end.sec)} s` : "open"}`;
  if (!end) return `${formatClock(start)}–open (from frame ${start.frame})`;
  return `${formatClock(start)}–${formatClock(end)} (frames ${start.frame}–${end.frame})`;
}

const FIELD_WORDS: Record<string, string> = {
  notes: "Notes",
  window: "Window",
  countAtStart: "Count at the window start",
  countAtEnd: "Count at the window end",
  subtype: "Subtype",
  feasible: "Feasibility",
  invalidReason: "Why the question is invalid",
  answer: "Answer",
  answerRevised: "Answer revised",
  decision: "Decision",
  revision: "Revision",
  removalReason: "Removal reason",
  removalNote: "Removal note",
  stateElement: "State element",
  stateStructure: "State structure",
  challenges: "Perceptual challenges",
  captions: "Captions",
  moments: "Occurrences",
  occurrences: "Occurrences",
  identities: "Individuals",
  queryPoints: "Query points",
  evidence: "Evidence clips",
};

const PART_WORDS: Record<string, string> = { at: "time", start: "start", end: "end", count: "count", key: "id", note: "note", firstAppearance: "first appearance", text: "text", second: "second", label: "label", comment: "comment" };
/** Parts of a time path that add nothing a person needs ("Clip 2 end", not "Clip 2 end sec"). */
const SILENT_PARTS = new Set(["frame", "sec"]);

/**
 * A document path ("queryPoints[5].at", "occurrences[1].splits[0].at", "removalNote") in the
 * panel's words: "Query point 6 time", "Split point 1 of cycle 2 time", "Removal note".
 */
export function fieldName(doc: AnnotationDocument, path: string): string {
  const parts = path.replace(/^data\./, "").split(".");
  const words: string[] = [];
  let owner: string | null = null;
  for (const p of parts) {
    const m = /^(\w+)\[(\d+)\]$/.exec(p);
    if (m) {
      const [, list, i] = m;
      const index = Number(i);
      if (list === "captions" && doc.benchmark === "VSAS") words.push(`Second ${doc.captions[index]?.second ?? index}`);
      else if (list === "splits") words.push(`${entryName(doc, "splits", index)} of ${owner ?? "its occurrence"}`);
      else if (isTrack(list)) {
        const name = list === "identities" && doc.benchmark === "VCBENCH" && doc.identities[index] ? `Individual ${doc.identities[index].key}` : entryName(doc, list, index);
        owner = name.toLowerCase();
        words.push(name);
      } else words.push(`${FIELD_WORDS[list] ?? list} ${index + 1}`);
      continue;
    }
    if (words.length > 0 && SILENT_PARTS.has(p)) continue;
    words.push(words.length === 0 ? (FIELD_WORDS[p] ?? p) : (PART_WORDS[p] ?? p));
  }
  // "Split point 1 of cycle 2" replaces "Cycle 2" before it.
  const out = words.filter((w, i) => !(i + 1 < words.length && words[i + 1].endsWith(`of ${w.toLowerCase()}`)));
  return out.join(" ");
}

function isTrack(s: string): s is NamedTrack {
  return ["moments", "occurrences", "splits", "identities", "queryPoints", "window", "evidence"].includes(s);
}
