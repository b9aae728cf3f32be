/**
 * The VCBench panel's edits (PURE: document in, next document out, nothing mutated; each is one
 * undoable step in the workspace). Appending is enough: the workspace store keeps every list in
 * time order (lib/annotation/time-order.ts).
 */
import type { FrameTime, Identity, VcbenchDocument } from "./document";
import { newId } from "./new-id";

type Doc = VcbenchDocument;

export function addMoment(doc: Doc, at: FrameTime, id = newId("m", doc.moments)): Doc {
  return { ...doc, moments: [...doc.moments, { id, at, label: "", comment: "" }] };
}

export function patchMoment(doc: Doc, id: string, patch: Partial<Pick<Doc["moments"][number], "at" | "label" | "comment">>): Doc {
  return { ...doc, moments: doc.moments.map((m) => (m.id === id ? { ...m, ...patch } : m)) };
}

/** Starts an occurrence at `at` (end open). */
export function startOccurrence(doc: Doc, at: FrameTime, id = newId("o", doc.occurrences)): Doc {
  return { ...doc, occurrences: [...doc.occurrences, { id, start: at, end: null, label: "", comment: "", splits: [] }] };
}

export function patchOccurrence(doc: Doc, id: string, patch: Partial<Pick<Doc["occurrences"][number], "start" | "end" | "label" | "comment">>): Doc {
  return { ...doc, occurrences: doc.occurrences.map((o) => (o.id === id ? { ...o, ...patch } : o)) };
}

/** The occurrence still open (the last one without an end), or null. */
export function openOccurrence(doc: Doc): Doc["occurrences"][number] | null {
  for (let i = doc.occurrences.length - 1; i >= 0; i--) if (!doc.occurrences[i].end) return doc.occurrences[i];
  return null;
}

export function addSplit(doc: Doc, occurrenceId: string, at: FrameTime): Doc {
  return {
    ...doc,
    occurrences: doc.occurrences.map((o) => (o.id === occurrenceId ? { ...o, splits: [...o.splits, { id: newId("s", o.splits), at, label: "", comment: "" }] } : o)),
  };
}

export function removeSplit(doc: Doc, occurrenceId: string, splitId: string): Doc {
  return { ...doc, occurrences: doc.occurrences.map((o) => (o.id === occurrenceId ? { ...o, splits: o.splits.filter((s) => s.id !== splitId) } : o)) };
}

/** The next free identity key "#n" (one more than the highest "#n" in use). */
export function nextIdentityKey(identities: readonly Identity[]): string {
  let max = 0;
  for (const x of identities) {
    const m = /^#(\d+)$/.exec(x.key.trim());
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `#${Math.max(max, identities.length) + 1}`;
}

export function addIdentity(doc: Doc, firstAppearance: FrameTime, id = newId("id", doc.identities)): Doc {
  return { ...doc, identities: [...doc.identities, { id, key: nextIdentityKey(doc.identities), note: "", firstAppearance }] };
}

export function patchIdentity(doc: Doc, id: string, patch: Partial<Pick<Identity, "key" | "note" | "firstAppearance">>): Doc {
  return { ...doc, identities: doc.identities.map((x) => (x.id === id ? { ...x, ...patch } : x)) };
}

/** Keys used by more than one identity (case and spaces ignored): the ids of the later duplicates. */
export function duplicateIdentityKeys(identities: readonly Identity[]): Map<string, string> {
  const seen = new Map<string, string>();
  const dup = new Map<string, string>();
  for (const x of identities) {
    const k = x.key.trim().toLowerCase();
    const first = seen.get(k);
    if (first !== undefined) dup.set(x.id, first);
    else seen.set(k, x.key.trim());
  }
  return dup;
}

/** Why `key` cannot name identity `id` (empty, too long, used by another identity, case and spaces ignored), or null. */
export function identityKeyProblem(identities: readonly Identity[], id: string, key: string): string | null {
  const k = key.trim();
  if (!k) return "must not be empty";
  if (k.length > 100) return "must be at most 100 characters";
  const other = identities.find((x) => x.id !== id && x.key.trim().toLowerCase() === k.toLowerCase());
  return other ? `"${other.key}" is already used by another individual` : null;
}

export function setWindowEdge(doc: Doc, edge: "start" | "end", at: FrameTime): Doc {
  const w = doc.window ?? { start: at, end: at };
  return { ...doc, window: { ...w, [edge]: at } };
}

export function addQueryPoint(doc: Doc, at: FrameTime, id = newId("qp", doc.queryPoints)): Doc {
  return { ...doc, queryPoints: [...doc.queryPoints, { id, at, count: null }] };
}

export function patchQueryPoint(doc: Doc, id: string, patch: Partial<Pick<Doc["queryPoints"][number], "at" | "count">>): Doc {
  return { ...doc, queryPoints: doc.queryPoints.map((q) => (q.id === id ? { ...q, ...patch } : q)) };
}

/** O1-Delta / O2-Gain: the single query point, placed at the window end (kept id when one exists). */
export function queryPointAtWindowEnd(doc: Doc): Doc {
  if (!doc.window) return doc;
  const first = doc.queryPoints[0];
  return { ...doc, queryPoints: [{ id: first?.id ?? newId("qp", doc.queryPoints), at: doc.window.end, count: null }] };
}

/** Removes a moment, occurrence, identity or query point by id (whichever list holds it). */
export function removeById(doc: Doc, id: string): Doc {
  return {
    ...doc,
    moments: doc.moments.filter((x) => x.id !== id),
    occurrences: doc.occurrences.filter((x) => x.id !== id),
    identities: doc.identities.filter((x) => x.id !== id),
    queryPoints: doc.queryPoints.filter((x) => x.id !== id),
  };
}
