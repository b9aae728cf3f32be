/**
 * VCBench prediction files of uploaded runs (PURE): the lines are read by the one VCBench
 * reader (`lib/scoring/vcbench-reader.ts`, the command-line scorer's too: the same byte scanner,
 * the same `JSON.parse` fallback, the same rules) against the project's items; each item's
 * values are kept as given (`VcbenchRaw`, stored per item so a stale run is rescored without the
 * file) and parsed at scoring time (`parseVcbenchPrediction`, lib/metrics). Ids are looked up
 * among the project's items (`itemById`: unknown and removed items are problems; a number is
 * read as its text).
 */
import { rangeText } from "@/lib/scoring/json-scan";
import type { PredRecord } from "@/lib/scoring/vcbench-record";
import { VcbenchPredictionReader, shortValue, type VcbenchPointLayout, type VcbenchPointSink } from "@/lib/scoring/vcbench-reader";
import { forEachTextLine, malformedLineProblems } from "./text-records";
import { idText, itemById, type ParseContext } from "./parse-context";
import type { TruthItem, VcbenchRaw } from "./types";

/** The query points of `items` laid out flat, item `q` at `offsets[q]`; truth counts NaN where the truth has none. */
function layoutOf(items: readonly TruthItem[]): VcbenchPointLayout {
  const offsets = new Int32Array(items.length + 1);
  for (let q = 0; q < items.length; q++) offsets[q + 1] = offsets[q] + items[q].queryPoints.length;
  const times = new Float64Array(offsets[items.length]);
  const counts = new Float64Array(offsets[items.length]).fill(Number.NaN);
  items.forEach((item, q) => {
    const answer = Array.isArray(item.answer) ? (item.answer as unknown[]) : [];
    item.queryPoints.forEach((qp, k) => {
      times[offsets[q] + k] = qp.timeSec;
      const c = answer[k];
      if (typeof c === "number") counts[offsets[q] + k] = c;
    });
  });
  return { size: items.length, offsets, times, counts };
}

/** Collects values per point as given, with the line and whether they came from a unified list. */
class RawPoints implements VcbenchPointSink {
  readonly points: Array<VcbenchRaw["points"][number]>;
  constructor(n: number) {
    this.points = new Array(n).fill(null);
  }
  set(j: number, v: unknown, unified: boolean, line: number): void {
    this.points[j] = { v, unified, line };
  }
  clear(from: number, to: number): void {
    this.points.fill(null, from, to);
  }
}

/** Reads the native VCBench lines of `text` into raw predictions keyed by item id. */
export function parseVcbenchText(text: string, ctx: ParseContext): { raws: Map<string, VcbenchRaw>; usable: number } {
  const items = ctx.truth.items;
  const layout = layoutOf(items);
  const indexOf = new Map<string, number>(items.map((item, q) => [item.itemId, q]));
  const sink = new RawPoints(layout.offsets[layout.size]);
  const p = ctx.problems;
  const malformed = malformedLineProblems(text);
  const reader = new VcbenchPredictionReader(layout, sink, p, {
    answerColumn: ctx.answerColumn,
    wording: "project",
    // A line of Unicode whitespace only is blank here, as in every other JSONL reader of uploads.
    malformed: (line, err, lineText) => (lineText.trim() === "" ? null : malformed(line, err)),
    questionOf(r: PredRecord, line: number) {
      const value = r.idFast ? rangeText(r.bytes, r.idStart, r.idEnd) : r.id;
      const id = idText(value);
      if (id === null) {
        p.add({ code: "missing_id", line, field: "id", message: `line ${line}: field "id" must be a non-empty string (got ${shortValue(value)})` });
        return -1;
      }
      r.idText = id;
      const item = itemById(ctx, id, line, "id");
      return item ? (indexOf.get(item.itemId) ?? -1) : -1;
    },
  });
  forEachTextLine(text, (b, s, e, line) => reader.readLine(b, s, e, line));
  const raws = new Map<string, VcbenchRaw>();
  items.forEach((item, q) => {
    if (!reader.hasPred[q]) return;
    const from = layout.offsets[q];
    const to = layout.offsets[q + 1];
    raws.set(item.itemId, { points: sink.points.slice(from, to), line: reader.startLine[q] });
  });
  return { raws, usable: reader.usable };
}
