/**
 * The fields of a VCBench truth record that scoring needs, checked without zod (PURE): the
 * command-line scorer runs this on every line of large truth files, and loading zod for it
 * would cost start-up time. `vcbench-schema.ts` re-exports it beside the full zod schema.
 */
import type { Problem } from "./problems";
import { VCBENCH_SUBTYPES, isVcbenchSubtype, type VcbenchSubtype } from "./vcbench";

/** The fields of a truth question that scoring needs. */
export type VcbenchScoringFields = { id: string; subtype: VcbenchSubtype; times: number[]; counts: number[] };

function numberList(v: unknown): number[] | null {
  if (!Array.isArray(v)) return null;
  for (const x of v) if (typeof x !== "number" || !Number.isFinite(x)) return null;
  return v as number[];
}

/**
 * Checks only what scoring needs of a truth record (fast; used on every line of large
 * files): `id` a non-empty string, `counting_subtype` one of the eight subtypes,
 * `query_points.time` and `.count` equally long, non-empty lists of finite numbers.
 * Returns the typed fields, or a problem naming the first offending field.
 */
export function validateVcbenchScoringFields(
  id: unknown,
  subtype: unknown,
  times: unknown,
  counts: unknown,
  line?: number,
): { ok: true; value: VcbenchScoringFields } | { ok: false; problem: Problem } {
  const fail = (field: string, reason: string): { ok: false; problem: Problem } => {
    const problem: Problem = { code: "invalid_truth_record", field, message: `${line !== undefined ? `line ${line}: ` : ""}field "${field}" ${reason}` };
    if (line !== undefined) problem.line = line;
    if (typeof id === "string") problem.id = id;
    return { ok: false, problem };
  };
  if (typeof id !== "string" || id === "") return fail("id", "must be a non-empty string");
  if (!isVcbenchSubtype(subtype)) return fail("counting_subtype", `must be one of ${VCBENCH_SUBTYPES.join(", ")} (got ${JSON.stringify(subtype) ?? "nothing"})`);
  const t = numberList(times);
  if (!t || t.length === 0) return fail("query_points.time", "must be a non-empty list of finite numbers");
  const c = numberList(counts);
  if (!c) return fail("query_points.count", "must be a list of finite numbers");
  if (c.length !== t.length) return fail("query_points.count", `has ${c.length} counts for ${t.length} query times`);
  return { ok: true, value: { id, subtype, times: t, counts: c } };
}
