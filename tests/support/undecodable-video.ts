/**
 * A video ffmpeg cannot decode, that the library still accepts (for the scene-cut failure tests,
 * tests/scene-cuts-failed.test.ts and e2e/videos-job-failures.spec.ts): an H.264 fast-start MP4
 * of 300 frames (25 fps, a keyframe every 25) whose frames 25 to 249 have their data zeroed
 * (the container, its index and the first and last two seconds intact). ffprobe reads it, its
 * last second decodes (the ingest's check) and browsers can play it as is, but decoding it whole
 * — scene detection — fails on 3/4 of its frames: ffmpeg exits 69 ("more than 2/3 of the frames
 * failed to decode"). Node only (child_process): importable from vitest and Playwright.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const ffmpeg = () => process.env.FFMPEG_PATH || "ffmpeg";
const ffprobe = () => process.env.FFPROBE_PATH || "ffprobe";

/** Writes a decodable 300-frame video to `file` (tagged so its bytes are unique). */
export function makeDecodableVideo(file: string, tag: string): void {
  execFileSync(ffmpeg(), [
    "-hide_banner", "-nostdin", "-v", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
    "-frames:v", "300", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "25", "-threads", "1",
    "-metadata", `comment=${tag}`, "-movflags", "+faststart", file,
  ]);
}

/** Zeroes the data of frames 25 … n−51 of `source` (made by makeDecodableVideo) into `target`. */
export function breakVideo(source: string, target: string): void {
  const packets = execFileSync(ffprobe(), ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pos,size", "-of", "csv=p=0", source])
    .toString()
    .trim()
    .split("\n")
    .map((line) => line.split(",").map(Number));
  const bytes = readFileSync(source);
  packets.forEach(([size, pos], i) => {
    // keep each packet's 4-byte length prefix, zero the rest
    if (i >= 25 && i < packets.length - 50) bytes.fill(0, pos + 4, pos + size);
  });
  writeFileSync(target, bytes);
}

/** Makes `file`: a video the library accepts and ffmpeg cannot decode whole. */
export function makeUndecodableVideo(file: string, tag: string): void {
  const good = `${file}.good.mp4`;
  makeDecodableVideo(good, tag);
  breakVideo(good, file);
}
