import "server-only";
import path from "node:path";
import type { PtsTable } from "./pts-table";
import { runProcess, stderrTail } from "./run-process";
import { cutFramesOf, parseSceneCutOutput, SCENE_CUT_THRESHOLD } from "./scene-cuts";
import { ffmpegPath } from "./tool-paths";

/** ffmpeg's exit code when more than `-max_error_rate` (default 2/3) of the frames failed to decode. */
const FFMPEG_DECODE_ERROR_RATE_EXCEEDED = 69;

export type DetectSceneCutsOptions = {
  /** scdet threshold (0-100); default SCENE_CUT_THRESHOLD. */
  threshold?: number;
  /** Kill ffmpeg after this many ms (default: 2 min + 2 x the video's duration). */
  timeoutMs?: number;
  signal?: AbortSignal;
};

export type DetectedSceneCuts = {
  /** First frames of new shots (indices into `table`), strictly increasing. */
  frames: number[];
  /** Wall-clock time of the ffmpeg run (ms). */
  detectMs: number;
};

/**
 * Scene cuts of `file` (a stored video's file: callers pass paths from lib/video/storage-paths,
 * never user input) as frame indices of its PTS table `table`. Decodes every frame once with
 * `-copyts` (timestamps as in the PTS table, first-frame offsets included), rescales them to the
 * table's time base (`settb`) and runs `scdet`; the output format is described in scene-cuts.ts.
 */
export async function detectSceneCuts(file: string, table: PtsTable, opts: DetectSceneCutsOptions = {}): Promise<DetectedSceneCuts> {
  const threshold = opts.threshold ?? SCENE_CUT_THRESHOLD;
  if (!(threshold > 0 && threshold <= 100)) throw new RangeError(`scene cut threshold must be in (0, 100], got ${threshold}`);
  const { num, den } = table.timeBase;
  const durationSec = table.pts.length ? ((table.endPts - table.pts[0]) * num) / den : 0;
  const filter = `settb=expr=${num}/${den},scdet=threshold=${threshold},metadata=mode=print:key=lavfi.scd.time:file=-`;
  const started = Date.now();
  const r = await runProcess(
    ffmpegPath(),
    ["-hide_banner", "-nostdin", "-nostats", "-v", "error", "-copyts", "-i", file, "-map", "0:V:0", "-an", "-sn", "-dn", "-vf", filter, "-f", "null", "-"],
    { timeoutMs: opts.timeoutMs ?? 120_000 + 2_000 * durationSec, signal: opts.signal },
  );
  const detectMs = Date.now() - started;
  if (r.code === FFMPEG_DECODE_ERROR_RATE_EXCEEDED) {
    throw new Error(`${path.basename(file)}: scene detection failed: most frames of the video cannot be decoded (${stderrTail(r.stderr, 2) || `exit code ${r.code}`})`);
  }
  if (r.code !== 0) {
    throw new Error(`${path.basename(file)}: scene detection failed (${stderrTail(r.stderr) || (r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`)})`);
  }
  return { frames: cutFramesOf(parseSceneCutOutput(r.stdout.toString("utf8")), table), detectMs };
}
