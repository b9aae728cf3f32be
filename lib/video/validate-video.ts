import "server-only";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { probeVideo, ProbeError, type VideoProbe } from "./probe-video";
import { runProcess, stderrTail } from "./run-process";
import { ffmpegPath } from "./tool-paths";

/**
 * Accepts a file as a video or rejects it with a `VideoRejectedError` whose
 * `message` names the file and the reason (safe to show to users) and whose
 * `code` is one of:
 *
 * - "not-found", "empty-file";
 * - "not-a-video": ffprobe cannot read it (random bytes, unknown format), or reads
 *   it with a demuxer that is not a video container (text files are "videos" to
 *   ffmpeg's tty demuxer, still images to image2: see VIDEO_CONTAINER_FORMATS);
 * - "no-video-stream": readable media without a video stream (e.g. audio only);
 * - "zero-frames": a video stream without a single frame;
 * - "truncated": an MP4 whose index (moov atom) is missing, or the demuxer hit the
 *   end of the file while reading frames (ffprobe "partial file", Matroska "File
 *   ended prematurely", ...);
 * - "decode-error": the last second does not decode cleanly
 *   (`ffmpeg -v error -sseof -1 -i f -f null -` prints errors).
 *
 * On success the probe (with the PTS table) is returned, so callers do not probe twice.
 */

export type VideoRejectionCode =
  | "not-found"
  | "empty-file"
  | "not-a-video"
  | "no-video-stream"
  | "zero-frames"
  | "truncated"
  | "decode-error";

export class VideoRejectedError extends Error {
  constructor(
    readonly code: VideoRejectionCode,
    readonly fileName: string,
    readonly reason: string,
  ) {
    super(`${fileName}: ${reason}`);
    this.name = "VideoRejectedError";
  }
}

export type ValidateOptions = {
  /** Name used in messages (e.g. the uploaded file's name); default: the file's base name. */
  displayName?: string;
  /** Decode the last second to catch corruption near the end (default true). */
  decodeTail?: boolean;
  timeoutMs?: number;
};

/** ffprobe format names accepted as video containers (format_name lists several). */
export const VIDEO_CONTAINER_FORMATS: ReadonlySet<string> = new Set([
  "mov", "mp4", "m4a", "3gp", "3g2", "mj2", "matroska", "webm", "avi", "mpegts", "mpeg", "mpegvideo",
  "flv", "asf", "ogg", "mxf", "h264", "hevc", "m4v", "ivf", "nut", "dv", "rm", "wtv", "obu",
]);

export function isVideoContainerFormat(formatName: string): boolean {
  return formatName.split(",").some((n) => VIDEO_CONTAINER_FORMATS.has(n.trim()));
}

const TRUNCATION_PATTERNS = [/partial file/i, /ended prematurely/i, /truncat/i, /unexpected end/i, /end of file/i];

async function startsWithFtyp(file: string): Promise<boolean> {
  const fh = await open(file, "r");
  try {
    const buf = Buffer.alloc(12);
    const { bytesRead } = await fh.read(buf, 0, 12, 0);
    return bytesRead >= 8 && buf.toString("latin1", 4, 8) === "ftyp";
  } finally {
    await fh.close();
  }
}

function oneLine(s: string): string {
  // ffprobe prefixes messages with the file path; keep the reason only, never server paths.
  return s.replace(/\[[^\]]*@ 0x[0-9a-f]+\]\s*/g, "").replace(/^.*?:\s(?=[A-Z])/, "").slice(0, 200);
}

export async function validateVideo(file: string, opts: ValidateOptions = {}): Promise<VideoProbe> {
  const name = opts.displayName ?? path.basename(file);
  const reject = (code: VideoRejectionCode, reason: string): never => {
    throw new VideoRejectedError(code, name, reason);
  };
  const st = await stat(file).catch(() => null);
  if (!st || !st.isFile()) reject("not-found", "file not found");
  if (st!.size === 0) reject("empty-file", "empty file (0 bytes)");

  let probe: VideoProbe;
  try {
    probe = await probeVideo(file);
  } catch (e) {
    if (!(e instanceof ProbeError)) throw e;
    if (e.reason === "no video stream") return reject("no-video-stream", "no video stream (audio or data only)");
    if (/moov atom not found/i.test(e.reason) && (await startsWithFtyp(file))) {
      return reject("truncated", "truncated MP4: the index (moov atom) is missing, the upload or recording did not finish");
    }
    return reject("not-a-video", "not a video (the file's format is not recognised)");
  }
  if (!isVideoContainerFormat(probe.container)) {
    reject("not-a-video", `not a video (read as "${probe.container}", which is not a video container)`);
  }
  if (probe.frameCount === 0) reject("zero-frames", "zero frames: the video stream contains no frames");
  const truncation = probe.warnings.find((w) => TRUNCATION_PATTERNS.some((p) => p.test(w)));
  if (truncation) {
    reject("truncated", `truncated: the file ends before its last frame (${oneLine(truncation)})`);
  }
  if (opts.decodeTail ?? true) {
    const r = await runProcess(
      ffmpegPath(),
      ["-hide_banner", "-nostdin", "-v", "error", "-sseof", "-1", "-i", file, "-map", "0:V:0", "-f", "null", "-"],
      { timeoutMs: opts.timeoutMs ?? 60_000 },
    );
    const errors = r.stderr.trim();
    if (r.code !== 0 || errors) {
      const detail = oneLine(stderrTail(errors, 1) || `exit code ${r.code}`);
      if (TRUNCATION_PATTERNS.some((p) => p.test(errors))) reject("truncated", `truncated: ${detail}`);
      reject("decode-error", `cannot be decoded near its end (${detail})`);
    }
  }
  return probe;
}
