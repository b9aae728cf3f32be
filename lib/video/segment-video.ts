import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { probeVideo, type VideoProbe } from "./probe-video";
import { runProcess, stderrTail } from "./run-process";
import { forcedKeyframeTimes, planSegments, type PlannedSegment } from "./segment-plan";
import { ffmpegPath, PACKET_DURATION_BSF } from "./tool-paths";

/**
 * Cuts a video into HLS (fMP4) segments whose boundaries fall exactly on the
 * frames displayed at the given cut times.
 *
 * How: one re-encode with libx264 where the only key frames are frame 0 and the
 * cut frames (`-force_key_frames` at times computed from the PTS table, see
 * segment-plan.ts; `keyint=infinite:scenecut=0`, IDR), no B-frames (so every
 * fragment's first presentation time equals its decode time and no edit list is
 * needed), `-fps_mode passthrough` (no frame dropped or duplicated), packet
 * durations set explicitly (PACKET_DURATION_BSF: without them each fragment's
 * start time is guessed wrongly on variable frame rates), and the HLS muxer told
 * to start a segment at every key frame (`-hls_time` 1 ms). The playlist is then
 * checked against the plan (segment count and durations).
 *
 * Timeline: ffmpeg shifts timestamps by the input's start time (format.start_time),
 * so the HLS timeline is `pts - mediaTimeOffset` with `mediaTimeOffset` returned
 * (0 for a file starting at 0). Segment times in the result are the original
 * presentation times; `mediaStartTime`/`mediaEndTime` are the HLS-timeline ones.
 *
 * Output directory layout (generated names only): playlist.m3u8, init.mp4,
 * seg-00000.m4s, seg-00001.m4s, ... Existing files in the directory are replaced.
 */

export type SegmentOptions = {
  /** Probe of the input (with its PTS table); probed when missing. */
  probe?: VideoProbe;
  /**
   * libx264 preset (default "ultrafast": 10 min of 1080p30 took 528 s on 2 shared
   * cores with load average ~13, "veryfast" 289 s when quiet but 740 s under that
   * load; pass "veryfast" for smaller files when speed matters less).
   */
  preset?: string;
  /** libx264 CRF (default 21). */
  crf?: number;
  /** Also encode the first audio stream (AAC) into the segments (default false). */
  includeAudio?: boolean;
  timeoutMs?: number;
};

export type VideoSegment = PlannedSegment & {
  /** File name of the segment inside the output directory. */
  file: string;
  mediaStartTime: number;
  mediaEndTime: number;
};

export type SegmentResult = {
  outDir: string;
  playlist: string;
  initFile: string;
  mediaTimeOffset: number;
  cutFrames: number[];
  segments: VideoSegment[];
};

export const PLAYLIST_NAME = "playlist.m3u8";
export const INIT_NAME = "init.mp4";
const SEGMENT_PATTERN = "seg-%05d.m4s";

/** Parses a media playlist's `#EXTINF` durations and URIs. */
export function parseMediaPlaylist(text: string): { duration: number; uri: string }[] {
  const out: { duration: number; uri: string }[] = [];
  let pending: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^#EXTINF:([0-9.]+)/.exec(line);
    if (m) pending = Number(m[1]);
    else if (!line.startsWith("#") && pending !== null) {
      out.push({ duration: pending, uri: line });
      pending = null;
    }
  }
  return out;
}

export async function segmentVideo(
  input: string,
  cutTimes: readonly number[],
  outDir: string,
  opts: SegmentOptions = {},
): Promise<SegmentResult> {
  const probe = opts.probe ?? (await probeVideo(input));
  const table = probe.ptsTable;
  const plan = planSegments(table, cutTimes);
  const shift = probe.formatStartTime ?? 0;
  const kf = forcedKeyframeTimes(table, plan.cutFrames, shift);
  const clock = probe.timeBase.den > 0 && probe.timeBase.den <= 0x7fffffff ? probe.timeBase.den : 90000;

  // Encode into a fresh temporary directory next to outDir, then swap it in.
  const parent = path.dirname(path.resolve(outDir));
  await mkdir(parent, { recursive: true });
  const work = path.join(parent, `.tmp-${randomUUID()}`);
  await mkdir(work);
  try {
    const args = [
      "-hide_banner", "-nostdin", "-v", "error", "-y", "-i", input,
      "-map", `0:${probe.videoStreamIndex}`,
    ];
    const withAudio = (opts.includeAudio ?? false) && probe.audioCodec !== null;
    if (withAudio) args.push("-map", "0:a:0", "-c:a", "aac", "-b:a", "128k");
    args.push(
      "-sn", "-dn",
      "-vf", "format=yuv420p",
      "-c:v", "libx264", "-preset", opts.preset ?? "ultrafast", "-crf", String(opts.crf ?? 21),
      "-bf", "0", "-x264-params", "keyint=infinite:scenecut=0", "-forced-idr", "1",
    );
    if (kf.length) args.push("-force_key_frames", kf.map((t) => t.toFixed(6)).join(","));
    args.push(
      "-fps_mode", "passthrough", "-enc_time_base", `1:${clock}`, "-bsf:v", PACKET_DURATION_BSF,
      "-f", "hls", "-hls_time", "0.001", "-hls_playlist_type", "vod", "-hls_list_size", "0",
      "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", INIT_NAME,
      "-hls_segment_filename", path.join(work, SEGMENT_PATTERN),
      "-hls_flags", "independent_segments",
      path.join(work, PLAYLIST_NAME),
    );
    const r = await runProcess(ffmpegPath(), args, { timeoutMs: opts.timeoutMs });
    if (r.code !== 0) {
      throw new Error(`${path.basename(input)}: segmenting failed (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
    }
    const entries = parseMediaPlaylist(await readFile(path.join(work, PLAYLIST_NAME), "utf8"));
    if (entries.length !== plan.segments.length) {
      throw new Error(
        `${path.basename(input)}: segmenting produced ${entries.length} segments, expected ${plan.segments.length}`,
      );
    }
    const segments: VideoSegment[] = plan.segments.map((s, i) => {
      const expected = s.endTime - s.startTime;
      // The muxer cannot know the last frame's duration exactly: allow one frame there.
      const last = i === plan.segments.length - 1;
      const tolerance = last ? Math.max(0.002, (s.endTime - s.startTime) / (s.endFrameExclusive - s.startFrame)) : 0.002;
      if (Math.abs(entries[i].duration - expected) > tolerance) {
        throw new Error(
          `${path.basename(input)}: segment ${i} lasts ${entries[i].duration} s, expected ${expected.toFixed(6)} s`,
        );
      }
      return { ...s, file: entries[i].uri, mediaStartTime: s.startTime - shift, mediaEndTime: s.endTime - shift };
    });
    await rm(outDir, { recursive: true, force: true });
    await rename(work, outDir);
    return {
      outDir,
      playlist: PLAYLIST_NAME,
      initFile: INIT_NAME,
      mediaTimeOffset: shift,
      cutFrames: plan.cutFrames,
      segments,
    };
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}

