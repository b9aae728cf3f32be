/**
 * Benchmark times → frame indices of a linked video (PURE).
 *
 * Benchmark files give times in seconds from the start of the video. The frame shown at
 * time t is the one displayed at presentation time `firstPts + t` of the video's PTS table
 * (`frameAtTime`, lib/video/frame-time.ts): for the usual zero-based file that is simply
 * the frame at t. `QueryPoint.timeSec` / `EvidenceSpan.startSec/endSec` keep the native
 * seconds; the frame index is the invariant other code uses.
 */
import { durationOf, firstPtsSeconds, frameAtTime } from "@/lib/video/frame-time";
import type { PtsTable } from "@/lib/video/pts-table";
import { issue } from "./issues";
import type { ImportIssue } from "./types";

export type VideoTiming = {
  videoId: string;
  /** Seconds from the first frame's start to the last frame's end (from the table, else the probe). */
  durationSec: number;
  /** The playback file's PTS table; null when the sidecar could not be read. */
  table: PtsTable | null;
  /** Why the table is missing. */
  problem?: string;
};

/** Tolerance before a time counts as beyond the end of the video. */
export const DURATION_EPSILON_SEC = 0.001;

export function frameForTime(timing: VideoTiming, t: number): number | null {
  if (!timing.table || !Number.isFinite(t)) return null;
  return frameAtTime(timing.table, firstPtsSeconds(timing.table) + t);
}

export function timingFromTable(videoId: string, table: PtsTable): VideoTiming {
  return { videoId, durationSec: durationOf(table), table };
}

export type ItemTimes = { externalId: string; line: number | null; queryTimes: readonly number[]; spans: ReadonlyArray<{ startSec: number; endSec: number }> };

export type ItemFrames = { queryFrames: (number | null)[]; spanFrames: [number | null, number | null][]; warnings: ImportIssue[] };

/**
 * Frames of an item's query points and spans on a video, with the warning
 * `time_beyond_video` for every time after the video's end (the frame is then the last
 * frame) and `pts_unavailable` when the PTS table is missing (frames stay null).
 */
export function framesForItem(item: ItemTimes, timing: VideoTiming, videoName: string): ItemFrames {
  const warnings: ImportIssue[] = [];
  const where = { item_id: item.externalId, line: item.line };
  if (!timing.table) {
    warnings.push(issue("pts_unavailable", `video ${videoName} has no readable PTS table (${timing.problem ?? "unknown reason"}); frame indices are left empty`, where));
  }
  const beyond: number[] = [];
  const check = (t: number) => {
    if (t > timing.durationSec + DURATION_EPSILON_SEC) beyond.push(t);
  };
  const queryFrames = item.queryTimes.map((t) => {
    check(t);
    return frameForTime(timing, t);
  });
  const spanFrames = item.spans.map((s): [number | null, number | null] => {
    check(s.startSec);
    check(s.endSec);
    return [frameForTime(timing, s.startSec), frameForTime(timing, s.endSec)];
  });
  if (beyond.length) {
    warnings.push(
      issue("time_beyond_video", `time(s) ${[...new Set(beyond)].slice(0, 8).join(", ")} s exceed the duration of video ${videoName} (${timing.durationSec.toFixed(3)} s)`, where),
    );
  }
  return { queryFrames, spanFrames, warnings };
}
