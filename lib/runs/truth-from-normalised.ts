/**
 * A TruthIndex built from parsed benchmark items (PURE), without a database: for unit tests,
 * benchmarks and dry runs. Item ids are the native ids.
 */
import type { NormalisedItem } from "@/lib/benchmarks/types";
import type { RunBenchmark, TruthIndex, TruthItem } from "./types";

export function truthIndexFromNormalised(benchmark: RunBenchmark, items: readonly NormalisedItem[]): TruthIndex {
  const index: TruthIndex = { benchmark, items: [], byExternalId: new Map(), byOrdinal: new Map(), removed: new Map(), removedOrdinals: new Set() };
  for (const it of items) {
    const item: TruthItem = {
      itemId: it.externalId,
      externalId: it.externalId,
      ordinal: it.ordinal,
      format: it.format,
      labels: it.labels as Record<string, unknown>,
      presentation: it.presentation,
      videoRef: it.videoRef,
      answer: it.truth.answer,
      source: it.truth.source,
      spans: [...it.truthSpans].sort((a, b) => a.startSec - b.startSec || a.endSec - b.endSec).map((s) => [s.startSec, s.endSec] as [number, number]),
      queryPoints: [...it.queryPoints].sort((a, b) => a.ordinal - b.ordinal),
    };
    index.items.push(item);
    index.byExternalId.set(item.externalId, item);
    index.byOrdinal.set(item.ordinal, item);
  }
  return index;
}
