/**
 * Frame stepping arithmetic for the player (PURE), on top of lib/video/frame-time.ts.
 *
 * The player plays the PLAYBACK file and loads that file's PTS table. For the playback file,
 * browser time = its PTS (frame-time.ts: Chromium's currentTime and requestVideoFrameCallback
 * mediaTime equal ffprobe's pts_time for an MP4 served as probed, and playback copies are
 * zero-based). Times shown to people are in the ORIGINAL file's timeline:
 * original PTS = playback PTS + mediaTimeOffset (0 when the original is played directly).
 * The frame index is the same in both.
 */
import { formatFrameTimecode, frameAtTime, seekTimeForFrame, timeOfFrame } from "@/lib/video/frame-time";
import type { PtsTable } from "@/lib/video/pts-table";

export type FrameReadout = { frameIndex: number; pts: number; timecode: string };

/** The frame displayed at a browser time (mediaTime or currentTime), or null for an empty table. */
export function frameAtBrowserTime(table: PtsTable, browserTime: number): number | null {
  return frameAtTime(table, browserTime);
}

/** Frame index, original-timeline PTS and timecode of frame i. */
export function readoutForFrame(table: PtsTable, i: number, mediaTimeOffset: number): FrameReadout {
  return { frameIndex: i, pts: timeOfFrame(table, i) + mediaTimeOffset, timecode: formatFrameTimecode(table, i) };
}

/** Frame `delta` frames from `from`, clamped to the video. */
export function stepFrame(table: PtsTable, from: number, delta: number): number {
  const last = table.pts.length - 1;
  if (last < 0) return 0;
  return Math.min(last, Math.max(0, from + delta));
}

/**
 * Browser time to seek to so that frame i is displayed: the middle of its display interval,
 * strictly inside it whatever the player's rounding (frame-time.ts seekTimeForFrame).
 */
export function browserSeekTimeForFrame(table: PtsTable, i: number): number {
  return seekTimeForFrame(table, i);
}

/** Formats a presentation time for display: seconds with microsecond precision. */
export function formatPts(seconds: number | null): string {
  return seconds === null || !Number.isFinite(seconds) ? "–" : seconds.toFixed(6);
}
