/**
 * What changed between two versions of a document, in words for the history list (PURE):
 * "+2 moments; −1 occurrence; 3 query points changed; notes edited". Lists are compared by their
 * entries' ids (added / removed / changed); scalar fields by value. "no changes" when equal.
 */
import type { AnnotationDocument } from "./document";

const LIST_NOUNS: Record<string, [string, string]> = {
  moments: ["moment", "moments"],
  occurrences: ["occurrence", "occurrences"],
  identities: ["identity", "identities"],
  queryPoints: ["query point", "query points"],
  evidence: ["evidence span", "evidence spans"],
  captions: ["caption", "captions"],
  challenges: ["challenge", "challenges"],
};

const FIELD_NAMES: Record<string, string> = {
  notes: "notes",
  window: "window",
  countAtStart: "count at window start",
  countAtEnd: "count at window end",
  subtype: "subtype",
  feasible: "feasibility",
  invalidReason: "invalid reason",
  answer: "answer",
  answerRevised: "answer revised flag",
  decision: "decision",
  revision: "revision",
  removalReason: "removal reason",
  removalNote: "removal note",
  stateElement: "state element",
  stateStructure: "state structure",
};

/** Free-text fields: "edited", not their (long) new value. */
const FREE_TEXT = new Set(["notes", "invalidReason", "answer", "removalNote"]);

const noun = (key: string, n: number) => {
  const [one, many] = LIST_NOUNS[key] ?? [key, key];
  return n === 1 ? one : many;
};

function keyOf(key: string, entry: unknown, index: number): string {
  if (entry && typeof entry === "object") {
    const o = entry as { id?: unknown; second?: unknown };
    if (typeof o.id === "string") return o.id;
    if (typeof o.second === "number") return `s${o.second}`;
  }
  return key === "challenges" ? String(entry) : `#${index}`;
}

export function summarizeChanges(before: AnnotationDocument | null, after: AnnotationDocument): string {
  if (!before) return "started";
  if (before.benchmark !== after.benchmark) return "document replaced";
  const parts: string[] = [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (key === "benchmark" || key === "v") continue;
    const x = a[key];
    const y = b[key];
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
      if (added) parts.push(`+${added} ${noun(key, added)}`);
      if (removed) parts.push(`−${removed} ${noun(key, removed)}`);
      if (changed) parts.push(`${changed} ${noun(key, changed)} changed`);
      if (!added && !removed && !changed && JSON.stringify(xs.map((e, i) => keyOf(key, e, i))) !== JSON.stringify(ys.map((e, i) => keyOf(key, e, i)))) {
        parts.push(`${LIST_NOUNS[key]?.[1] ?? key} reordered`);
      }
      continue;
    }
    if (stable(x) !== stable(y)) {
      const name = FIELD_NAMES[key] ?? key;
      if (typeof y === "string" && FREE_TEXT.has(key)) parts.push(`${name} edited`);
      else parts.push(`${name} ${y === null ? "cleared" : `set to ${short(y)}`}`);
    }
  }
  return parts.length ? parts.join("; ") : "no changes";
}

function short(v: unknown): string {
  if (v && typeof v === "object") {
    const o = v as { start?: { sec?: number }; end?: { sec?: number } };
    if (o.start && o.end && typeof o.start.sec === "number" && typeof o.end.sec === "number") return `${o.start.sec.toFixed(2)}-${o.end.sec.toFixed(2)} s`;
    return "a new value";
  }
  const s = String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
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
