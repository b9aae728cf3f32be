/**
 * Scene cuts of a video (PURE: no Node, usable anywhere): the threshold, the parser of ffmpeg's
 * scene-detection output, the mapping of detections onto the PTS table's frames, and the sidecar
 * document (`scene-cuts.json`, next to the PTS sidecar; lib/video/scene-cuts-sidecar.ts).
 *
 * Detection (lib/video/detect-scene-cuts.ts) runs ffmpeg's `scdet` filter after `settb` to the PTS
 * table's own time base, then `metadata=mode=print:key=lavfi.scd.time:file=-`, which prints one
 * block per detected cut on stdout:
 *
 *     frame:50   pts:25600   pts_time:2
 *     lavfi.scd.time=2
 *
 * `frame:` is the frame's index among all decoded frames, `pts:` its presentation time in ticks of
 * the table's time base (ffmpeg runs with `-copyts`, so first-frame offsets stay in). The cut is
 * mapped onto the table by `pts` (exact tick, else the frame displayed at that time), and by
 * `frame:` only when the pts is missing. `pts_time` is not used: ffmpeg prints it with 6
 * significant digits, too coarse after a few minutes.
 */
import { frameAtTime, ticksToSeconds } from "./frame-time";
import type { PtsTable } from "./pts-table";

/**
 * `scdet` threshold (0-100: the mean absolute difference between a frame and the previous one,
 * in percent of the full range, minus the previous difference). ffmpeg's default, 10, flags hard
 * cuts between shots (a change of colour or content over the whole frame scores 15-40) and leaves
 * camera motion and fades (a few per cent per frame) alone. Changing it invalidates every cached
 * sidecar (the sidecar stores the threshold it was computed with).
 */
export const SCENE_CUT_THRESHOLD = 10;

/** Version of the sidecar document; bump when its meaning changes. */
export const SCENE_CUTS_SIDECAR_VERSION = 1;

/** One detection as ffmpeg printed it. */
export type SceneCutDetection = {
  /** Index of the frame among the decoded frames. */
  frame: number;
  /** Presentation time in ticks of the time base given to `settb`; null when ffmpeg printed NOPTS. */
  pts: number | null;
};

/** A cut: the first frame of the new shot, and its time on the video's timeline. */
export type SceneCut = { frame: number; sec: number };

export type SceneCutsSidecar = {
  version: number;
  threshold: number;
  /** Frames of the PTS table the cuts were computed against (a mismatch means a stale file). */
  frameCount: number;
  /** First frames of new shots, strictly increasing, in 1..frameCount-1. */
  frames: number[];
  /** Wall-clock time the detection took (ms), for the benchmark output. */
  detectMs: number;
};

export class SceneCutOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SceneCutOutputError";
  }
}

const FRAME_LINE = /^frame:\s*(\d+)\s+pts:\s*(-?\d+|NOPTS)\s+pts_time:\s*(\S+)\s*$/;
const CUT_KEY_LINE = /^lavfi\.scd\.time=/;

/**
 * Parses the stdout of `metadata=mode=print:key=lavfi.scd.time:file=-`. A `frame:` line counts as
 * a cut only when its block holds the `lavfi.scd.time` key (so other keys printed in between do
 * no harm); blank lines, Windows line ends and unrelated lines are ignored. Throws
 * SceneCutOutputError for a `frame:` line it cannot read (a changed ffmpeg output format must not
 * silently yield "no cuts").
 */
export function parseSceneCutOutput(stdout: string): SceneCutDetection[] {
  const out: SceneCutDetection[] = [];
  let pending: SceneCutDetection | null = null;
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("frame:")) {
      const m = FRAME_LINE.exec(line);
      if (!m) throw new SceneCutOutputError(`unreadable scene detection line "${line.slice(0, 120)}"`);
      pending = { frame: Number(m[1]), pts: m[2] === "NOPTS" ? null : Number(m[2]) };
      continue;
    }
    if (pending && CUT_KEY_LINE.test(line)) {
      out.push(pending);
      pending = null;
    }
  }
  return out;
}

/** Index of the frame whose pts is exactly `ticks`, else the frame displayed at that time. */
function frameOfTicks(table: PtsTable, ticks: number): number | null {
  const pts = table.pts;
  let lo = 0;
  let hi = pts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (pts[mid] === ticks) return mid;
    if (pts[mid] < ticks) lo = mid + 1;
    else hi = mid - 1;
  }
  return frameAtTime(table, ticksToSeconds(table, ticks));
}

/**
 * The frames of `table` the detections fall on: sorted, without duplicates, never frame 0 (the
 * start of the video is no cut) nor a frame outside the table.
 */
export function cutFramesOf(detections: readonly SceneCutDetection[], table: PtsTable): number[] {
  const n = table.pts.length;
  const frames = new Set<number>();
  for (const d of detections) {
    const f = d.pts !== null ? frameOfTicks(table, d.pts) : d.frame;
    if (f !== null && Number.isInteger(f) && f >= 1 && f < n) frames.add(f);
  }
  return [...frames].sort((a, b) => a - b);
}

/**
 * Validates a parsed sidecar document; returns null (recompute) when it was made with another
 * threshold, version or PTS table, and throws SceneCutOutputError when it is malformed.
 */
export function checkSceneCutsSidecar(value: unknown, frameCount: number): SceneCutsSidecar | null {
  if (!value || typeof value !== "object") throw new SceneCutOutputError("not a JSON object");
  const v = value as Record<string, unknown>;
  if (v.version !== SCENE_CUTS_SIDECAR_VERSION || v.threshold !== SCENE_CUT_THRESHOLD || v.frameCount !== frameCount) return null;
  if (!Array.isArray(v.frames)) throw new SceneCutOutputError("frames must be an array");
  let prev = 0;
  v.frames.forEach((f, i) => {
    if (!Number.isInteger(f) || (f as number) <= prev || (f as number) >= frameCount) {
      throw new SceneCutOutputError(`frames[${i}] must be an integer above ${prev} and below ${frameCount}, got ${JSON.stringify(f)}`);
    }
    prev = f as number;
  });
  const detectMs = typeof v.detectMs === "number" && v.detectMs >= 0 ? v.detectMs : 0;
  return { version: SCENE_CUTS_SIDECAR_VERSION, threshold: SCENE_CUT_THRESHOLD, frameCount, frames: v.frames as number[], detectMs };
}
