/**
 * VCBench consistency report (warnings; they never block an import):
 * - `count_disagrees_with_rule`: a stored count differs from the answer the SPEC rule
 *   derives from `occurrence_times` (`checkVcbenchStoredCounts` of lib/metrics/vcbench.ts;
 *   E2: occurrences whose end <= q; O1-Snap, O1-Delta, O2-Gain are not derivable);
 * - `query_times_out_of_order`: query times not in increasing order as stored;
 * - `window_end_before_start`: an `{start, end}` pair (E2 occurrence, O1-Delta/O2-Gain
 *   window) ending before it starts;
 * - `window_malformed`: O1-Delta/O2-Gain `occurrence_times` not a single window;
 * - `query_not_at_window_end`: O1-Delta/O2-Gain query point not at the window end;
 * - `query_point_count`: not 1 query point (O1-Delta/O2-Gain) or not 3-8 (others) (SPEC §2);
 * - `snap_occurrences_differ`: O1-Snap `occurrence_times` not a copy of the query times;
 * - `count_not_integer`, `negative_count` (negative only allowed for O1-Delta);
 * - `duplicate_query_time`: the same query time twice in one question.
 */
import { checkVcbenchStoredCounts, type VcbenchCheckRecord, type VcbenchOccurrenceTimes, type VcbenchSubtype } from "@/lib/metrics/vcbench";
import { issue } from "../issues";
import type { ImportIssue, NormalisedItem } from "../types";

const WINDOW_SUBTYPES = new Set(["O1-Delta", "O2-Gain"]);

export function checkVcbenchItems(items: readonly NormalisedItem[]): ImportIssue[] {
  const warnings: ImportIssue[] = [];
  const records: VcbenchCheckRecord[] = [];
  const lineOf = new Map<string, number | null>();
  for (const it of items) {
    const where = { item_id: it.externalId, line: it.line };
    const subtype = String(it.labels.subtype);
    const times = it.queryPoints.map((q) => q.timeSec);
    const counts = Array.isArray(it.truth.answer) ? (it.truth.answer as number[]) : [];
    for (let i = 1; i < times.length; i++) {
      if (times[i] < times[i - 1]) {
        warnings.push(issue("query_times_out_of_order", `query times are not in increasing order: [${times.join(", ")}] (point ${i} at ${times[i]} s comes after ${times[i - 1]} s)`, { ...where, field: "query_points.time" }));
        break;
      }
    }
    if (new Set(times).size !== times.length) {
      warnings.push(issue("duplicate_query_time", `the same query time appears twice: [${times.join(", ")}]`, { ...where, field: "query_points.time" }));
    }
    const isWindow = WINDOW_SUBTYPES.has(subtype);
    if (isWindow ? times.length !== 1 : times.length < 3 || times.length > 8) {
      warnings.push(issue("query_point_count", `${subtype} has ${times.length} query points (protocol: ${isWindow ? "1, at the window end" : "3-8"})`, { ...where, field: "query_points.time" }));
    }
    counts.forEach((c, i) => {
      if (!Number.isInteger(c)) warnings.push(issue("count_not_integer", `count ${c} at query point ${i} is not an integer`, { ...where, field: `query_points.count[${i}]` }));
      else if (c < 0 && subtype !== "O1-Delta") warnings.push(issue("negative_count", `count ${c} at query point ${i} is negative`, { ...where, field: `query_points.count[${i}]` }));
    });

    const occ = it.truth.source.occurrence_times as VcbenchOccurrenceTimes | undefined;
    if (occ === undefined) continue; // eval-file items carry no occurrence times
    if (!Array.isArray(occ)) {
      const { start, end } = occ as { start: readonly number[]; end: readonly number[] };
      start.forEach((s, i) => {
        if (end[i] !== undefined && end[i] < s) {
          warnings.push(issue("window_end_before_start", `occurrence_times pair ${i} ends (${end[i]} s) before it starts (${s} s)`, { ...where, field: `occurrence_times.end[${i}]` }));
        }
      });
      if (isWindow) {
        if (start.length !== 1 || end.length !== 1) {
          warnings.push(issue("window_malformed", `${subtype} occurrence_times must hold exactly one window, has ${start.length}`, { ...where, field: "occurrence_times" }));
        } else if (times.length === 1 && times[0] !== end[0]) {
          warnings.push(issue("query_not_at_window_end", `query point at ${times[0]} s, window ends at ${end[0]} s`, { ...where, field: "query_points.time" }));
        }
      }
    } else if (subtype === "O1-Snap") {
      const same = occ.length === times.length && occ.every((t, i) => t === times[i]);
      if (!same) warnings.push(issue("snap_occurrences_differ", `O1-Snap occurrence_times [${occ.join(", ")}] differ from the query times [${times.join(", ")}]`, { ...where, field: "occurrence_times" }));
    }
    records.push({ id: it.externalId, counting_subtype: subtype as VcbenchSubtype, occurrence_times: occ, query_points: { time: times, count: counts } });
    lineOf.set(it.externalId, it.line);
  }
  const check = checkVcbenchStoredCounts(records);
  for (const d of check.disagreements) {
    const rule = d.subtype.startsWith("E2-") ? "occurrences ending at or before it" : "annotated moments at or before it";
    warnings.push(
      issue("count_disagrees_with_rule", `${d.subtype} query point ${d.index} (${d.time} s): stored count ${d.stored}, but ${d.derived} ${rule} in occurrence_times; the stored count is kept`, {
        item_id: d.id,
        line: lineOf.get(d.id) ?? null,
        field: `query_points.count[${d.index}]`,
      }),
    );
  }
  return warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
