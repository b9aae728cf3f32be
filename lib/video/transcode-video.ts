import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { firstPtsSeconds, sameFrameTiming } from "./frame-time";
import type { VideoProbe } from "./probe-video";
import { runProcess, stderrTail } from "./run-process";
import { ffmpegPath } from "./tool-paths";

/**
 * Makes the browser copy of a video (see browser-playable.ts for when):
 *
 * - "remux": stream copy of the first video stream (and first audio stream,
 *   re-encoded to AAC only if MP4 cannot carry it) into a fast-start MP4;
 * - "transcode": H.264 (yuv420p, libx264) + AAC into a fast-start MP4.
 *
 * Frame timing is preserved frame for frame: no frame is dropped or duplicated
 * (`-fps_mode passthrough`), the encoder and the MP4 track use the source time
 * base's denominator as their clock (`-enc_time_base`, `-video_track_timescale`),
 * so every source timestamp is representable. The timeline is made zero-based
 * (ffmpeg's default shift by the input start time, in microseconds), so the copy's
 * first PTS is 0 when the video is the earliest stream; the caller re-probes the
 * output, and `checkPlaybackTiming` returns `mediaTimeOffset` = original first
 * PTS - copy first PTS (see frame-time.ts).
 */

export type PlaybackCopyMode = "remux" | "transcode";

export type TranscodeOptions = {
  /** libx264 preset (default "veryfast"). */
  preset?: string;
  /** libx264 CRF (default 20). */
  crf?: number;
  timeoutMs?: number;
};

const MP4_AUDIO_COPY = ["aac", "mp3"];

function clockOf(probe: VideoProbe): number {
  const den = probe.timeBase.den;
  // Ticks of num/den s are whole multiples of 1/den s.
  return den > 0 && den <= 0x7fffffff ? den : 90000;
}

export function playbackCopyArgs(input: string, probe: VideoProbe, output: string, mode: PlaybackCopyMode, opts: TranscodeOptions = {}): string[] {
  const clock = clockOf(probe);
  const args = ["-hide_banner", "-nostdin", "-v", "error", "-y", "-i", input, "-map", `0:${probe.videoStreamIndex}`];
  if (probe.audioCodec) args.push("-map", "0:a:0?");
  args.push("-sn", "-dn", "-map_chapters", "-1");
  if (mode === "remux") {
    args.push("-c:v", "copy");
  } else {
    const filters: string[] = [];
    if (probe.width % 2 || probe.height % 2) filters.push("pad=ceil(iw/2)*2:ceil(ih/2)*2");
    filters.push("format=yuv420p");
    args.push(
      "-vf", filters.join(","),
      "-c:v", "libx264", "-preset", opts.preset ?? "veryfast", "-crf", String(opts.crf ?? 20),
      // No B-frames: decode order = display order, so a browser's keyframe lookup for a seek
      // never skips the frames just before a keyframe (browser-playable.ts), whatever the rate.
      "-bf", "0",
      "-enc_time_base", `1:${clock}`,
    );
  }
  if (probe.audioCodec) {
    if (mode === "remux" && MP4_AUDIO_COPY.includes(probe.audioCodec)) args.push("-c:a", "copy");
    else args.push("-c:a", "aac", "-b:a", "160k");
  }
  args.push(
    "-fps_mode", "passthrough",
    "-video_track_timescale", String(clock),
    "-max_muxing_queue_size", "4096",
    "-movflags", "+faststart",
    "-f", "mp4", output,
  );
  return args;
}

/**
 * Writes the playback copy of `input` (probed as `probe`) to `output` (MP4),
 * through a temporary file in the same directory. Returns `output`.
 */
export async function makePlaybackCopy(
  input: string,
  probe: VideoProbe,
  output: string,
  mode: PlaybackCopyMode,
  opts: TranscodeOptions = {},
): Promise<string> {
  await mkdir(path.dirname(output), { recursive: true });
  const tmp = path.join(path.dirname(output), `.tmp-${randomUUID()}.mp4`);
  try {
    const r = await runProcess(ffmpegPath(), playbackCopyArgs(input, probe, tmp, mode, opts), { timeoutMs: opts.timeoutMs });
    if (r.code !== 0) {
      throw new Error(`${path.basename(input)}: ${mode} to MP4 failed (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
    }
    await rename(tmp, output);
    return output;
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Checks that a playback copy has exactly the original's frames (same count, same
 * times up to a constant shift, within 0.5 ms) and returns the mediaTimeOffset
 * (original PTS - copy PTS, seconds). Throws when the timing differs.
 */
export function checkPlaybackTiming(original: VideoProbe, copy: VideoProbe): { mediaTimeOffset: number } {
  if (original.frameCount !== copy.frameCount) {
    throw new Error(
      `${path.basename(copy.file)}: playback copy has ${copy.frameCount} frames, the original ${original.frameCount}`,
    );
  }
  if (!sameFrameTiming(original.ptsTable, copy.ptsTable)) {
    throw new Error(`${path.basename(copy.file)}: playback copy's frame times differ from the original's`);
  }
  return { mediaTimeOffset: firstPtsSeconds(original.ptsTable) - firstPtsSeconds(copy.ptsTable) };
}
