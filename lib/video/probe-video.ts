import "server-only";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import type { PtsTable, TimeBase } from "./pts-table";
import { runProcess, stderrTail } from "./run-process";
import { ffprobePath } from "./tool-paths";

/**
 * Probes a video with ffprobe: container and stream facts plus the exact
 * per-frame presentation timestamp table of the first video stream.
 *
 * Two ffprobe runs in parallel: `-show_format -show_streams` (JSON) and the
 * first video stream's packets (`pts,dts,duration,flags` as CSV, no decoding; packets
 * flagged D = discarded by an edit list are skipped). Packet PTS are exact frame
 * PTS for every codec that stores one frame per packet (H.264/HEVC/VP8/VP9/AV1/
 * MPEG-4 in MP4, MOV, Matroska/WebM, MPEG-TS). When any packet lacks a PTS
 * (e.g. AVI with B-frames, raw elementary streams) the frames are decoded instead
 * (`best_effort_timestamp`), which is slower.
 */

export type Rational = { text: string; num: number; den: number; value: number | null };

export type ContainerKind = "mp4" | "mov" | "webm" | "matroska" | "avi" | "mpegts" | "other";

export type VideoProbe = {
  file: string;
  sizeBytes: number;
  /** ffprobe format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  container: string;
  containerKind: ContainerKind;
  /** Container-reported duration (format.duration), seconds; for an MP4 with a start offset this is the end time. */
  containerDuration: number | null;
  bitRate: number | null;
  videoStreamIndex: number;
  videoCodec: string;
  videoProfile: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  width: number;
  height: number;
  /** Rotation from the display matrix / rotate tag, degrees (0 when none). */
  rotation: number;
  /** Seconds from the first frame's start to the last frame's end (from the PTS table). */
  duration: number;
  avgFrameRate: Rational;
  /** r_frame_rate: the base rate all timestamps are multiples of, as guessed by ffprobe. */
  nominalFrameRate: Rational;
  frameCount: number;
  /** PTS of the first frame in display order, seconds. */
  firstPts: number;
  /** format.start_time (minimum over all streams), seconds. */
  formatStartTime: number | null;
  timeBase: Rational;
  variableFrameRate: boolean;
  /** Smallest / largest frame duration seen (seconds), last frame excluded. */
  minFrameDuration: number | null;
  maxFrameDuration: number | null;
  ptsTable: PtsTable;
  /**
   * Where the table came from: packets (fast), decoded frames (fallback when
   * packets lack PTS, e.g. AVI with B-frames), or synthesized from frame durations
   * (raw elementary streams without any timestamps).
   */
  ptsSource: "packets" | "frames" | "synthesized";
  /** ffprobe error lines printed while reading the packets (e.g. a truncated file). */
  warnings: string[];
  /**
   * Decode delay (pts - dts, seconds) of the first frame, and the largest decode delay of any
   * keyframe; null when the packets carry no DTS. A keyframe delayed more than the start lets
   * Chromium's seek (which looks keyframes up by DTS, shifted by the start delay) land on that
   * keyframe for times inside the frame just before it, which then can never be shown
   * (browser-playable.ts transcodes such files without B-frames).
   */
  startDecodeDelay: number | null;
  maxKeyframeDecodeDelay: number | null;
};

export class ProbeError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${path.basename(file)}: ${reason}`);
    this.name = "ProbeError";
  }
}

export function parseRational(text: string | undefined | null): Rational {
  const t = text ?? "0/0";
  const m = /^(-?\d+)(?:[/:](\d+))?$/.exec(t.trim());
  if (!m) return { text: t, num: 0, den: 0, value: null };
  const num = Number(m[1]);
  const den = m[2] === undefined ? 1 : Number(m[2]);
  return { text: `${num}/${den}`, num, den, value: den === 0 ? null : num / den };
}

function num(v: unknown): number | null {
  if (v === undefined || v === null || v === "N/A" || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

type FfprobeStream = Record<string, unknown> & {
  index: number;
  codec_type?: string;
  codec_name?: string;
  tags?: Record<string, string>;
  side_data_list?: Record<string, unknown>[];
  disposition?: Record<string, number>;
};

type FfprobeJson = {
  streams?: FfprobeStream[];
  format?: Record<string, unknown> & { tags?: Record<string, string> };
};

async function sniff(file: string, bytes: number): Promise<Buffer> {
  const fh = await open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Matroska EBML DocType ("webm" / "matroska") from the file's first bytes, or null. */
export function matroskaDocType(head: Uint8Array): string | null {
  for (let i = 0; i + 3 < head.length; i++) {
    if (head[i] === 0x42 && head[i + 1] === 0x82) {
      const sizeByte = head[i + 2];
      if (sizeByte & 0x80) {
        const len = sizeByte & 0x7f;
        const s = Buffer.from(head.subarray(i + 3, i + 3 + len)).toString("latin1");
        if (/^[a-z]+$/.test(s)) return s;
      }
    }
  }
  return null;
}

function containerKindOf(formatName: string, majorBrand: string | undefined, docType: string | null): ContainerKind {
  const names = formatName.split(",");
  if (names.includes("mov") || names.includes("mp4")) return majorBrand?.trim() === "qt" ? "mov" : "mp4";
  if (names.includes("matroska") || names.includes("webm")) return docType === "webm" ? "webm" : "matroska";
  if (names.includes("avi")) return "avi";
  if (names.includes("mpegts")) return "mpegts";
  return "other";
}

function rotationOf(stream: FfprobeStream): number {
  for (const sd of stream.side_data_list ?? []) {
    const r = num(sd.rotation);
    if (r !== null) return ((Math.round(r) % 360) + 360) % 360;
  }
  const tag = num(stream.tags?.rotate);
  return tag === null ? 0 : ((Math.round(tag) % 360) + 360) % 360;
}

type RawFrames = { pts: number[]; lastDuration: number | null };

export type PacketDelays = {
  /** min pts - dts of the first packet (decode order), ticks; null without DTS. */
  startDecodeDelay: number | null;
  /** Largest pts - dts of a keyframe packet, ticks; null without DTS. */
  maxKeyframeDecodeDelay: number | null;
};

/** Parses `pts,dts,duration,flags` CSV lines (packets, decode order). */
export function parsePacketCsv(text: string): RawFrames & PacketDelays & { missingPts: boolean } {
  const pts: number[] = [];
  let lastDuration: number | null = null;
  let missingPts = false;
  let maxPts = -Infinity;
  let firstDts: number | null | undefined;
  let missingDts = false;
  let maxKeyDelay: number | null = null;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [p, dtsText, d, flags = ""] = line.split(",");
    if (flags.includes("D")) continue;
    const pv = num(p);
    if (pv === null) {
      missingPts = true;
      continue;
    }
    const dts = num(dtsText);
    if (firstDts === undefined) firstDts = dts;
    if (dts === null) missingDts = true;
    else if (flags.includes("K") && (maxKeyDelay === null || pv - dts > maxKeyDelay)) maxKeyDelay = pv - dts;
    pts.push(pv);
    if (pv >= maxPts) {
      maxPts = pv;
      lastDuration = num(d);
    }
  }
  const minPts = pts.length ? Math.min(...pts) : null;
  const delays =
    missingDts || firstDts === undefined || firstDts === null || minPts === null
      ? { startDecodeDelay: null, maxKeyframeDecodeDelay: null }
      : { startDecodeDelay: minPts - firstDts, maxKeyframeDecodeDelay: maxKeyDelay };
  return { pts, lastDuration, missingPts, ...delays };
}

/**
 * Parses `best_effort_timestamp,pkt_duration` CSV lines (decoded frames). When any
 * frame has no timestamp (AVI with B-frames, raw elementary streams: all constant
 * rate by construction), every frame's time is synthesized as
 * `startTicks + i * duration` (duration from the frames, else `nominalTicks`) and
 * `synthesized` is true.
 */
export function parseFrameCsv(
  text: string,
  nominalTicks: number | null,
  startTicks = 0,
): RawFrames & { synthesized: boolean } {
  const rows = text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const [p, d] = line.split(",");
      return { pts: num(p), duration: num(d) };
    });
  if (rows.every((r) => r.pts !== null)) {
    const pts = rows.map((r) => r.pts as number);
    let last = 0;
    rows.forEach((r, i) => {
      if ((r.pts as number) >= (rows[last].pts as number)) last = i;
    });
    return { pts, lastDuration: rows.length ? rows[last].duration : null, synthesized: false };
  }
  const known = rows.find((r) => r.duration !== null && r.duration > 0)?.duration;
  const step = Math.max(1, Math.round(known ?? nominalTicks ?? 1));
  return { pts: rows.map((_, i) => startTicks + i * step), lastDuration: step, synthesized: true };
}

function median(sorted: number[]): number {
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

/**
 * Variable frame rate: some frame duration (last frame excluded) differs from
 * the median by more than max(1 tick, 1 % of the median). One tick of jitter is
 * rounding (e.g. 24 fps in a millisecond time base: 41/42 ms), not VFR.
 */
export function isVariableFrameRate(pts: readonly number[]): boolean {
  if (pts.length < 3) return false;
  const deltas: number[] = [];
  for (let i = 1; i < pts.length; i++) deltas.push(pts[i] - pts[i - 1]);
  deltas.sort((a, b) => a - b);
  const med = median(deltas);
  const tol = Math.max(1, 0.01 * med);
  return med - deltas[0] > tol || deltas[deltas.length - 1] - med > tol;
}

/**
 * Builds the table from raw frame timestamps: sorted, and the last frame's
 * duration from its packet duration when known, else the previous frame's
 * duration (MP4 muxers do not store a reliable last duration), else the stream's
 * end, else one nominal frame.
 */
export function buildPtsTable(
  raw: RawFrames,
  timeBase: TimeBase,
  fallback: { streamEnd: number | null; nominalTicks: number | null },
): PtsTable {
  const pts = [...raw.pts].sort((a, b) => a - b);
  if (pts.length === 0) return { timeBase, pts, endPts: 0 };
  const last = pts[pts.length - 1];
  let d: number | null = raw.lastDuration && raw.lastDuration > 0 ? raw.lastDuration : null;
  if (d === null && pts.length >= 2) d = last - pts[pts.length - 2];
  if ((d === null || d <= 0) && fallback.streamEnd !== null && fallback.streamEnd > last) d = fallback.streamEnd - last;
  if ((d === null || d <= 0) && fallback.nominalTicks) d = fallback.nominalTicks;
  return { timeBase, pts, endPts: last + Math.max(0, Math.round(d ?? 0)) };
}

async function ffprobe(file: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const r = await runProcess(ffprobePath(), ["-v", "error", ...args, "-i", file]);
  if (r.code !== 0) {
    throw new ProbeError(file, `ffprobe could not read the file (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
  }
  return { stdout: r.stdout.toString("utf8"), stderr: r.stderr };
}

/** Runs ffprobe and returns the facts and PTS table; throws ProbeError if unreadable or without video. */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const st = await stat(file).catch(() => null);
  if (!st || !st.isFile()) throw new ProbeError(file, "file not found");
  const [infoRun, packetRun, head] = await Promise.allSettled([
    ffprobe(file, ["-show_format", "-show_streams", "-of", "json"]),
    ffprobe(file, ["-select_streams", "V:0", "-show_entries", "packet=pts,dts,duration,flags", "-of", "csv=p=0"]),
    sniff(file, 4096),
  ]);
  if (infoRun.status === "rejected") throw infoRun.reason;
  if (packetRun.status === "rejected") throw packetRun.reason;
  if (head.status === "rejected") throw head.reason;
  const warnings = packetRun.value.stderr.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  let info: FfprobeJson;
  try {
    info = JSON.parse(infoRun.value.stdout) as FfprobeJson;
  } catch {
    throw new ProbeError(file, "ffprobe returned unreadable output");
  }
  const streams = info.streams ?? [];
  const format = info.format ?? {};
  // "V" skips attached pictures (cover art); pick the same stream here.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video) throw new ProbeError(file, "no video stream");
  const audio = streams.find((s) => s.codec_type === "audio");
  const timeBase = parseRational(String(video.time_base ?? "0/0"));
  if (!(timeBase.num > 0 && timeBase.den > 0)) throw new ProbeError(file, `video stream has no usable time base`);
  const tb: TimeBase = { num: timeBase.num, den: timeBase.den };
  const nominal = parseRational(String(video.r_frame_rate ?? "0/0"));
  const avg = parseRational(String(video.avg_frame_rate ?? "0/0"));

  const nominalTicks = nominal.value ? tb.den / tb.num / nominal.value : null;
  let raw: RawFrames;
  let ptsSource: VideoProbe["ptsSource"] = "packets";
  const packets = parsePacketCsv(packetRun.value.stdout);
  if (packets.missingPts) {
    const frameRun = await ffprobe(file, [
      "-select_streams", "V:0", "-show_entries", "frame=best_effort_timestamp,pkt_duration", "-of", "csv=p=0",
    ]);
    const frames = parseFrameCsv(frameRun.stdout, nominalTicks, num(video.start_pts) ?? 0);
    ptsSource = frames.synthesized ? "synthesized" : "frames";
    raw = frames;
  } else {
    raw = packets;
  }
  const startPts = num(video.start_pts);
  const durationTs = num(video.duration_ts);
  const streamEnd = startPts !== null && durationTs !== null ? startPts + durationTs : null;
  const ptsTable = buildPtsTable(raw, tb, { streamEnd, nominalTicks });
  const sec = (ticks: number) => (ticks * tb.num) / tb.den;
  const n = ptsTable.pts.length;
  let minD: number | null = null;
  let maxD: number | null = null;
  for (let i = 1; i < n; i++) {
    const d = ptsTable.pts[i] - ptsTable.pts[i - 1];
    if (minD === null || d < minD) minD = d;
    if (maxD === null || d > maxD) maxD = d;
  }
  const formatName = String(format.format_name ?? "");
  return {
    file,
    sizeBytes: st.size,
    container: formatName,
    containerKind: containerKindOf(formatName, format.tags?.major_brand, matroskaDocType(head.value)),
    containerDuration: num(format.duration),
    bitRate: num(format.bit_rate),
    videoStreamIndex: video.index,
    videoCodec: String(video.codec_name ?? "unknown"),
    videoProfile: video.profile ? String(video.profile) : null,
    pixelFormat: video.pix_fmt ? String(video.pix_fmt) : null,
    audioCodec: audio?.codec_name ? String(audio.codec_name) : null,
    width: num(video.width) ?? 0,
    height: num(video.height) ?? 0,
    rotation: rotationOf(video),
    duration: n ? sec(ptsTable.endPts - ptsTable.pts[0]) : 0,
    avgFrameRate: avg,
    nominalFrameRate: nominal,
    frameCount: n,
    firstPts: n ? sec(ptsTable.pts[0]) : 0,
    formatStartTime: num(format.start_time),
    timeBase,
    variableFrameRate: isVariableFrameRate(ptsTable.pts),
    minFrameDuration: minD === null ? null : sec(minD),
    maxFrameDuration: maxD === null ? null : sec(maxD),
    ptsTable,
    ptsSource,
    warnings,
    startDecodeDelay: packets.startDecodeDelay === null ? null : sec(packets.startDecodeDelay),
    maxKeyframeDecodeDelay: packets.maxKeyframeDecodeDelay === null ? null : sec(packets.maxKeyframeDecodeDelay),
  };
}
