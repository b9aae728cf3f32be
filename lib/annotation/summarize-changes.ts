/**
 * What changed between two versions of a document, in the panel's words (PURE), for the history
 * list and the conflict dialog: "+2 occurrences; −1 clip; 3 query points changed; notes edited;
 * feasibility set to answerable". Lists are compared by their entries' ids (added / removed /
 * changed); other fields by value, named as the panel names them (lib/annotation/entity-names.ts)
 * with their values as the panel shows them, never raw field names or internal values. "no
 * changes" when equal. Pass the version both sides started from as `before` to get one side's
 * own changes (a three-way view), never the other side's.
 */
import { plural } from "@/lib/text/plural";
import type { AnnotationDocument, FrameTime } from "./document";
import { TOC_REMOVAL_REASON_LABELS } from "./document";
import { spanText, trackNoun, type NamedTrack } from "./entity-names";
import { QA_DECISION_LABELS } from "./qa-revision";
import { VSTAT_CHALLENGE_INFO, VSTAT_ELEMENT_INFO, VSTAT_STRUCTURE_INFO } from "./vstat-taxonomy";

const LIST_NOUNS: Record<string, [string, string]> = {
  captions: ["caption", "captions"],
  challenges: ["perceptual challenge", "perceptual challenges"],
};

/** Words of a field in a change summary (lower case: it follows "; "). */
const FIELD_NAMES: Record<string, string> = {
  notes: "notes",
  window: "window",
  countAtStart: "count at the window start",
  countAtEnd: "count at the window end",
  feasible: "feasibility",
  invalidReason: "why the question is invalid",
  answer: "answer",
  decision: "decision",
  revision: "revision",
  removalReason: "removal reason",
  removalNote: "removal note",
  stateElement: "state element",
  stateStructure: "state structure",
};

/** Free-text fields: "edited", not their (long) new value. */
const FREE_TEXT = new Set(["notes", "invalidReason", "removalNote"]);
/** Fields that follow from others (not a change of their own to the annotator). */
const IMPLIED = new Set(["benchmark", "v", "subtype", "answerRevised"]);

const TRACKS = new Set<string>(["moments", "occurrences", "identities", "queryPoints", "evidence"]);

function nounOf(doc: AnnotationDocument, key: string, n: number): string {
  const [one, many] = TRACKS.has(key) ? trackNoun(doc, key as NamedTrack) : (LIST_NOUNS[key] ?? [key, key]);
  return plural(n, one, many).replace(/^\d+ /, "");
}

function keyOf(key: string, entry: unknown, index: number): string {
  if (entry && typeof entry === "object") {
    const o = entry as { id?: unknown; second?: unknown };
    if (typeof o.id === "string") return o.id;
    if (typeof o.second === "number") return `s${o.second}`;
  }
  return key === "challenges" ? String(entry) : `#${index}`;
}

/** A field's value as the panel shows it. */
function valueText(doc: AnnotationDocument, key: string, v: unknown): string {
  switch (key) {
    case "feasible":
      return v === true ? "answerable" : "invalid question";
    case "decision":
      return QA_DECISION_LABELS[v as keyof typeof QA_DECISION_LABELS] ?? String(v);
    case "removalReason":
      return TOC_REMOVAL_REASON_LABELS[v as keyof typeof TOC_REMOVAL_REASON_LABELS] ?? String(v);
    case "stateElement":
      return VSTAT_ELEMENT_INFO[v as keyof typeof VSTAT_ELEMENT_INFO]?.name ?? String(v);
    case "stateStructure":
      return VSTAT_STRUCTURE_INFO[v as keyof typeof VSTAT_STRUCTURE_INFO]?.name ?? String(v);
    case "window": {
      const w = v as { start: FrameTime; end: FrameTime };
      return spanText(doc, w.start, w.end);
    }
  }
  const s = String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

export function summarizeChanges(before: AnnotationDocument | null, after: AnnotationDocument): string {
  if (!before) return "started";
  if (before.benchmark !== after.benchmark) return "document replaced";
  const parts: string[] = [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (IMPLIED.has(key)) continue;
    const x = a[key];
    const y = b[key];
    if (key === "challenges" && Array.isArray(x) && Array.isArray(y)) {
      const added = y.filter((c) => !x.includes(c));
      const removed = x.filter((c) => !y.includes(c));
      const name = (c: unknown) => VSTAT_CHALLENGE_INFO[c as keyof typeof VSTAT_CHALLENGE_INFO]?.name ?? String(c);
      if (added.length) parts.push(`+${added.map(name).join(", ")}`);
      if (removed.length) parts.push(`−${removed.map(name).join(", ")}`);
      continue;
    }
    if (Array.isArray(y) || Array.isArray(x)) {
      const xs = Array.isArray(x) ? x : [];
      const ys = Array.isArray(y) ? y : [];
      const mx = new Map(xs.map((e, i) => [keyOf(key, e, i), stable(e)]));
      const my = new Map(ys.map((e, i) => [keyOf(key, e, i), stable(e)]));
      let added = 0;
      let removed = 0;
      let changed = 0;
      for (const [k, v] of my) {
        if (!mx.has(k)) added++;
        else if (mx.get(k) !== v) changed++;
      }
      for (const k of mx.keys()) if (!my.has(k)) removed++;
      if (added) parts.push(`+${added} ${nounOf(after, key, added)}`);
      if (removed) parts.push(`−${removed} ${nounOf(after, key, removed)}`);
      if (changed) parts.push(`${changed} ${nounOf(after, key, changed)} changed`);
      if (!added && !removed && !changed && JSON.stringify(xs.map((e, i) => keyOf(key, e, i))) !== JSON.stringify(ys.map((e, i) => keyOf(key, e, i)))) {
        parts.push(`${nounOf(after, key, 2)} put in time order`);
      }
      continue;
    }
    if (stable(x) !== stable(y)) {
      const name = FIELD_NAMES[key] ?? key;
      if (typeof y === "string" && FREE_TEXT.has(key)) parts.push(`${name} edited`);
      else if (key === "revision") parts.push(y === null ? "revision dropped" : "revision changed");
      else parts.push(`${name} ${y === null || y === "" ? "cleared" : `set to ${valueText(after, key, y)}`}`);
    }
  }
  return parts.length ? parts.join("; ") : "no changes";
}

/** JSON with object keys sorted (stored JSON may come back with its keys reordered: PostgreSQL jsonb). */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
