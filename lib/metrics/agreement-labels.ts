/**
 * Category labels shared by the agreement statistics (`agreement-kappa.ts`,
 * `agreement-fleiss.ts`, `agreement-krippendorff.ts`, `agreement-percent.ts`).
 *
 * A label is a string, a finite number or a boolean. Two labels are the same category
 * when they are identical under JavaScript's SameValueZero (`1` and `"1"` are different
 * categories; `0` and `-0` are the same). `NaN` and ±Infinity are rejected.
 *
 * Pure TypeScript: no I/O, no dependencies.
 */

/** One rating: a category label. */
export type Label = string | number | boolean;

/** A rating that may be absent (`null`, `undefined`, or a `NaN` number). */
export type MaybeLabel = Label | null | undefined;

/** True when `v` counts as a missing rating: `null`, `undefined` or `NaN`. */
export function isMissing(v: unknown): v is null | undefined {
  return v === null || v === undefined || (typeof v === "number" && Number.isNaN(v));
}

/**
 * Throws a `TypeError` naming `where` when `v` is not a valid label
 * (a string, a finite number or a boolean).
 */
export function assertLabel(v: unknown, where: string): asserts v is Label {
  if (typeof v === "string" || typeof v === "boolean") return;
  if (typeof v === "number" && Number.isFinite(v)) return;
  throw new TypeError(
    `${where}: ${describe(v)} is not a valid label (expected a string, a finite number or a boolean)`,
  );
}

/**
 * Total order used when the category list is inferred from the data, the order that
 * `numpy.unique` gives for one-typed data (and so the order scikit-learn uses):
 * booleans `false < true`, numbers ascending, strings by Unicode code point.
 * Mixed types are ordered booleans, then numbers, then strings; weighted statistics
 * refuse mixed types (their weights depend on the order), see `inferCategories`.
 */
export function compareLabels(a: Label, b: Label): number {
  const ta = typeRank(a);
  const tb = typeRank(b);
  if (ta !== tb) return ta - tb;
  if (typeof a === "string" && typeof b === "string") return compareCodePoints(a, b);
  const na = Number(a);
  const nb = Number(b);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/**
 * The sorted, de-duplicated union of the labels in `lists` (missing ratings skipped),
 * ordered by `compareLabels`. When `requireSingleType` is set (weighted statistics),
 * throws if the labels mix strings, numbers and booleans, since the category order
 * (and so the weights) would then be arbitrary: pass the categories explicitly.
 */
export function inferCategories(
  lists: ReadonlyArray<ReadonlyArray<MaybeLabel>>,
  where: string,
  requireSingleType = false,
): Label[] {
  const seen = new Set<Label>();
  for (const list of lists) {
    for (const v of list) {
      if (isMissing(v)) continue;
      seen.add(normalizeZero(v));
    }
  }
  const out = [...seen].sort(compareLabels);
  if (requireSingleType && out.length > 0) {
    const t = typeof out[0];
    if (out.some((v) => typeof v !== t)) {
      throw new TypeError(
        `${where}: labels mix ${[...new Set(out.map((v) => typeof v))].join(" and ")} values; ` +
          "the category order is ambiguous, pass `categories` explicitly",
      );
    }
  }
  return out;
}

/**
 * Maps each category to its index, validating the list: every entry must be a valid
 * label and entries must be distinct. Throws a `TypeError`/`RangeError` naming `where`.
 */
export function indexCategories(categories: readonly Label[], where: string): Map<Label, number> {
  const index = new Map<Label, number>();
  categories.forEach((c, i) => {
    assertLabel(c, `${where}: categories[${i}]`);
    const key = normalizeZero(c);
    if (index.has(key)) {
      throw new RangeError(`${where}: categories[${i}] = ${describe(c)} appears twice`);
    }
    index.set(key, i);
  });
  return index;
}

/** `-0` → `0` so that Map/Set keys follow SameValueZero for labels too. */
export function normalizeZero<T extends Label>(v: T): T {
  return (typeof v === "number" && v === 0 ? 0 : v) as T;
}

/** Short printable form of a value for error messages. */
export function describe(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === undefined) return "undefined";
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  return typeof v;
}

function typeRank(v: Label): number {
  return typeof v === "boolean" ? 0 : typeof v === "number" ? 1 : 2;
}

function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0) as number;
    const cy = y.value.codePointAt(0) as number;
    if (cx !== cy) return cx - cy;
  }
}
