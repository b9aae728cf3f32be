/**
 * Decides how a probed video reaches browsers (PURE: no Node).
 *
 * - "direct": serve the original (MP4/MOV with H.264, VP9 or AV1 video, or WebM with
 *   VP8/VP9/AV1; 8-bit 4:2:0; AAC/MP3/Opus audio in MP4, Opus/Vorbis in WebM; first
 *   frame at time 0).
 * - "remux": codecs are fine but the timeline is not (first frame not at 0 s: Chromium
 *   then reports a duration without the offset and clamps seeks into the last part of
 *   the video, see frame-time.ts): copy the streams into a zero-based MP4.
 * - "transcode": anything else, and files whose keyframes are decoded earlier (relative to
 *   their display time) than the first frame (variable frame rate with B-frames): re-encode to
 *   H.264/AAC MP4 without B-frames (transcode-video.ts).
 *
 * HEVC, 10-bit and 4:2:2/4:4:4 H.264, and Matroska are deliberately not "direct":
 * support differs between browsers.
 */
import type { VideoProbe } from "./probe-video";

export type PlaybackAction = "direct" | "remux" | "transcode";

export type PlaybackDecision = { action: PlaybackAction; reasons: string[] };

export type PlayabilityInput = Pick<
  VideoProbe,
  "containerKind" | "container" | "videoCodec" | "videoProfile" | "pixelFormat" | "audioCodec" | "firstPts" | "frameCount"
> &
  Partial<Pick<VideoProbe, "startDecodeDelay" | "maxKeyframeDecodeDelay">>;

/** Keyframe decode delay beyond the start's that is tolerated (seconds; below any frame duration). */
export const DECODE_DELAY_TOLERANCE = 1e-4;

const VIDEO_CODECS: Record<string, readonly string[]> = {
  mp4: ["h264", "vp9", "av1"],
  mov: ["h264", "vp9", "av1"],
  webm: ["vp8", "vp9", "av1"],
};
const AUDIO_CODECS: Record<string, readonly string[]> = {
  mp4: ["aac", "mp3", "opus"],
  mov: ["aac", "mp3", "opus"],
  webm: ["opus", "vorbis"],
};
const PIXEL_FORMATS = ["yuv420p", "yuvj420p"];
/** First PTS further than this from 0 (seconds) needs a zero-based copy. */
export const START_OFFSET_TOLERANCE = 1e-6;

export function decidePlayback(p: PlayabilityInput): PlaybackDecision {
  const codecReasons: string[] = [];
  const videoCodecs = VIDEO_CODECS[p.containerKind];
  if (!videoCodecs) {
    codecReasons.push(`container ${p.container} (${p.containerKind}) is not played by all browsers`);
  } else {
    if (!videoCodecs.includes(p.videoCodec)) {
      codecReasons.push(`video codec ${p.videoCodec} in ${p.containerKind} is not played by all browsers`);
    }
    if (p.audioCodec && !AUDIO_CODECS[p.containerKind].includes(p.audioCodec)) {
      codecReasons.push(`audio codec ${p.audioCodec} in ${p.containerKind} is not played by all browsers`);
    }
  }
  if (!p.pixelFormat || !PIXEL_FORMATS.includes(p.pixelFormat)) {
    codecReasons.push(`pixel format ${p.pixelFormat ?? "unknown"} is not 8-bit 4:2:0`);
  }
  if (
    p.startDecodeDelay != null &&
    p.maxKeyframeDecodeDelay != null &&
    p.maxKeyframeDecodeDelay > p.startDecodeDelay + DECODE_DELAY_TOLERANCE
  ) {
    // Measured in Chromium 156 on the VFR demo (B-frames, keyframes in its 15 fps part decoded
    // 0.133 s before display against 0.067 s at the start): every seek into the frame before such
    // a keyframe showed the keyframe, so that frame could never be stepped to. A copy without
    // B-frames (dts = pts everywhere) has no such frames. A stream copy would keep the delays.
    codecReasons.push(
      `keyframes are decoded up to ${p.maxKeyframeDecodeDelay.toFixed(3)} s before display but the first frame ${p.startDecodeDelay.toFixed(3)} s: browsers would skip frames when seeking`,
    );
  }
  if (codecReasons.length) return { action: "transcode", reasons: codecReasons };
  if (Math.abs(p.firstPts) > START_OFFSET_TOLERANCE) {
    const reason = `first frame is at ${p.firstPts} s, not 0`;
    // Stream copy into MP4 works for the MP4-family codecs; WebM's VP8/Vorbis do not go into MP4.
    if ((p.containerKind === "mp4" || p.containerKind === "mov") && p.frameCount > 0) {
      return { action: "remux", reasons: [reason] };
    }
    return { action: "transcode", reasons: [reason] };
  }
  return { action: "direct", reasons: [] };
}
