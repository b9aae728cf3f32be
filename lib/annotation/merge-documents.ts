/**
 * Three-way merge of two versions of one annotation document (PURE), for the workspace's
 * "merge" answer to a 409 version_conflict: `base` is the version both started from (the last
 * version this tab had acknowledged), `mine` the tab's document, `theirs` the server's current one.
 *
 * - Lists of entries with an `id` (marks, spans, identities, query points) or a `second` (VSAS
 *   captions) merge entry by entry: entries added on either side are kept (theirs in their order,
 *   then mine that they lack, in my order); an entry changed on one side only takes that change;
 *   changed on both sides: mine wins and the entry is reported; deleted on one side and unchanged
 *   on the other: deleted; deleted on one side and changed on the other: kept (reported).
 * - Every other field: my value when I changed it from `base`, else theirs (both changed: mine,
 *   reported).
 * Nothing is dropped silently: every place where one side's change lost is in `conflicts`, named
 * as the panel names it ("Clip 2: changed in both versions, kept yours").
 */
import type { AnnotationDocument } from "./document";
import { fieldName } from "./entity-names";

export type MergeResult = { doc: AnnotationDocument; conflicts: string[] };

type Obj = Record<string, unknown>;

export function mergeDocuments(base: AnnotationDocument | null, mine: AnnotationDocument, theirs: AnnotationDocument): MergeResult {
  if (mine.benchmark !== theirs.benchmark) return { doc: mine, conflicts: ["the documents are of different benchmarks: kept mine"] };
  const b = (base && base.benchmark === mine.benchmark ? base : null) as Obj | null;
  const m = mine as unknown as Obj;
  const t = theirs as unknown as Obj;
  const out: Obj = {};
  const conflicts: string[] = [];
  const keys = new Set([...Object.keys(t), ...Object.keys(m)]);
  for (const key of keys) {
    const bv = b ? b[key] : undefined;
    const mv = m[key];
    const tv = t[key];
    if (isKeyedList(mv) && isKeyedList(tv) && (bv === undefined || isKeyedList(bv))) {
      const entryName = (k: string) => {
        const i = mv.findIndex((e) => keyOf(e) === k);
        const j = tv.findIndex((e) => keyOf(e) === k);
        return i >= 0 ? fieldName(mine, `${key}[${i}]`) : j >= 0 ? fieldName(theirs, `${key}[${j}]`) : fieldName(mine, key);
      };
      out[key] = mergeList(entryName, (bv as Obj[] | undefined) ?? null, mv, tv, conflicts);
      continue;
    }
    const mineChanged = b ? !equal(mv, bv) : true;
    const theirsChanged = b ? !equal(tv, bv) : false;
    if (mineChanged && theirsChanged && !equal(mv, tv)) conflicts.push(`${fieldName(mine, key)}: changed in both versions, kept yours`);
    out[key] = mineChanged ? mv : tv;
  }
  return { doc: out as unknown as AnnotationDocument, conflicts };
}

function keyOf(entry: Obj): string | null {
  if (typeof entry.id === "string") return `id:${entry.id}`;
  if (typeof entry.second === "number") return `second:${entry.second}`;
  return null;
}

function isKeyedList(v: unknown): v is Obj[] {
  return Array.isArray(v) && v.every((e) => !!e && typeof e === "object" && keyOf(e as Obj) !== null);
}

function mergeList(name: (key: string) => string, base: Obj[] | null, mine: Obj[], theirs: Obj[], conflicts: string[]): Obj[] {
  const index = (list: Obj[]) => new Map(list.map((e) => [keyOf(e)!, e]));
  const bm = base ? index(base) : null;
  const mm = index(mine);
  const tm = index(theirs);
  const out: Obj[] = [];
  for (const te of theirs) {
    const k = keyOf(te)!;
    const be = bm?.get(k);
    const me = mm.get(k);
    if (me === undefined) {
      // Absent from mine: I deleted it (it was in base) or it is new on their side.
      if (be === undefined) out.push(te);
      else if (!equal(te, be)) {
        conflicts.push(`${name(k)}: deleted in yours but changed in the other version, kept`);
        out.push(te);
      }
      continue;
    }
    const mineChanged = be === undefined ? !equal(me, te) : !equal(me, be);
    const theirsChanged = be === undefined ? false : !equal(te, be);
    if (mineChanged && theirsChanged && !equal(me, te)) conflicts.push(`${name(k)}: changed in both versions, kept yours`);
    out.push(mineChanged ? me : te);
  }
  for (const me of mine) {
    const k = keyOf(me)!;
    if (tm.has(k)) continue;
    const be = bm?.get(k);
    if (be === undefined) out.push(me); // new in mine
    else if (!equal(me, be)) {
      conflicts.push(`${name(k)}: deleted in the other version but changed in yours, kept`);
      out.push(me);
    }
    // else: deleted in theirs, unchanged in mine: deleted.
  }
  return out;
}

export function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => equal(x, bb[i]));
  }
  const ak = Object.keys(a as Obj).filter((k) => (a as Obj)[k] !== undefined);
  const bk = Object.keys(b as Obj).filter((k) => (b as Obj)[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => equal((a as Obj)[k], (b as Obj)[k]));
}
