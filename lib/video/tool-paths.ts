import "server-only";

/**
 * Paths of the ffmpeg / ffprobe executables: `FFMPEG_PATH` / `FFPROBE_PATH`
 * environment variables, else the names looked up on PATH.
 */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || "ffmpeg";
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || "ffprobe";
}

/** The DejaVu font used for burned-in text (package fonts-dejavu-core). */
export function dejaVuFontPath(): string {
  return process.env.PLAYHEAD_FONT_PATH || "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
}

/**
 * Bitstream filter giving every encoded video packet its real duration (next
 * packet's DTS - its DTS; the last one repeats the previous duration). ffmpeg 5.1
 * leaves libx264 packet durations empty with `-fps_mode passthrough`, and the
 * fragmented MP4 muxer (HLS) then guesses each fragment's start time wrongly on
 * variable frame rates. Only valid without B-frames (DTS order = PTS order).
 */
export const PACKET_DURATION_BSF = "setts=duration=if(eq(NEXT_DTS\\,NOPTS)\\,PREV_OUTDURATION\\,NEXT_DTS-DTS)";
