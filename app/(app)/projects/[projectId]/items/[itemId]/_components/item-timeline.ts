import type { TimelinePoint, TimelineSpan } from "@/components/timeline/timeline";
import type { ItemForViewer } from "@/lib/projects/item-queries";

/** The truth value at query point k, when the answer is a list with one value per point (VCBench counts). */
export function answerAt(answer: unknown, k: number, n: number): string | null {
  return Array.isArray(answer) && answer.length === n && n > 0 ? JSON.stringify(answer[k]) : null;
}

/**
 * The item's marks on the timeline: query points (with the truth at each point when the item was
 * read with its truth) and evidence spans (present only then). An item read without truth gives
 * points without detail and no spans, so nothing of the truth reaches the client component.
 */
export function itemTimeline(item: ItemForViewer): { points: TimelinePoint[]; spans: TimelineSpan[] } {
  const answer = item.truth?.answer;
  const n = item.queryPoints.length;
  const points = item.queryPoints.map((q) => {
    const a = answer === undefined ? null : answerAt(answer, q.ordinal, n);
    return { id: q.id, ordinal: q.ordinal, timeSec: q.timeSec, frameIndex: q.frameIndex, ...(a !== null ? { detail: `truth ${a}` } : {}) };
  });
  const spans = (item.spans ?? []).map((s) => ({ id: s.id, startSec: s.startSec, endSec: s.endSec, label: s.label, kind: s.source === "TRUTH" ? ("truth" as const) : ("annotation" as const) }));
  return { points, spans };
}
