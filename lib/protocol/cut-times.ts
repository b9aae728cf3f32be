/**
 * Where a streaming study cuts a video (PURE).
 *
 * - After every query point: at the start of the frame AFTER the one displayed at the query time
 *   (frame f → cut at pts[f+1]), so the segment ending there ends with frame f: playback stops on
 *   exactly the frame the question is about, and nothing later is in it. A query point on the
 *   last frame needs no cut.
 * - Every `segmentSeconds` in between (skipping points within `minGapSec` of a query-point cut),
 *   so a long stretch starts playing without being downloaded whole.
 * Returned times are presentation times (seconds) of the segmented file, ascending, distinct;
 * lib/video/segment-plan maps each to the frame displayed at it.
 */
import { timeOfFrame, durationOf, firstPtsSeconds } from "@/lib/video/frame-time";
import type { PtsTable } from "@/lib/video/pts-table";

export function streamingCutTimes(
  table: PtsTable,
  queryFrames: readonly number[],
  segmentSeconds: number,
  minGapSec = 0.5,
): number[] {
  const n = table.pts.length;
  const qpCuts = [...new Set(queryFrames.filter((f) => f + 1 < n).map((f) => f + 1))].map((f) => timeOfFrame(table, f));
  const start = firstPtsSeconds(table);
  const end = start + durationOf(table);
  const regular: number[] = [];
  if (segmentSeconds > 0) {
    for (let t = start + segmentSeconds; t < end - minGapSec; t += segmentSeconds) {
      if (qpCuts.every((c) => Math.abs(c - t) >= minGapSec)) regular.push(t);
    }
  }
  return [...qpCuts, ...regular].sort((a, b) => a - b).filter((t, i, all) => i === 0 || t !== all[i - 1]);
}
