import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { HttpError } from "@/lib/http/http-error";
import { readPtsSidecar } from "@/lib/video/pts-sidecar";
import { runProcess, stderrTail } from "@/lib/video/run-process";
import { resolveInside, videoStoragePaths } from "@/lib/video/storage-paths";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { mediaFile, ptsFile, type StoredFile } from "./video-files";

/**
 * A small JPEG of exactly one frame of a video's playback file (the annotation workspace shows
 * the first-appearance frame of each O2 identity). Frame-exact: the PTS table gives the frame's
 * time from the first frame, and ffmpeg's accurate input seek outputs the first frame at or after
 * a point a quarter of the shortest frame interval (at most 1 ms) before it. Written once per
 * (video, frame, width) under the video's storage directory (`frames/`), then served from disk.
 */
type Video = Parameters<typeof mediaFile>[0] & { id: string };

export const FRAME_IMAGE_WIDTH = 160;

export async function frameImageFile(video: Video, frame: number, width = FRAME_IMAGE_WIDTH): Promise<StoredFile> {
  const dir = resolveInside(videoStoragePaths(video.storageKey).dir, "frames");
  const file = resolveInside(dir, `${frame}-w${width}.jpg`);
  const out: StoredFile = { path: file, contentType: "image/jpeg", etag: `"${video.sha256}-frame-${frame}-w${width}"` };
  // Written only for a valid frame, so a hit needs neither the PTS table nor ffmpeg.
  if (await nonEmpty(file)) return out;
  const table = await readPtsSidecar(ptsFile(video, "playback").path);
  const n = table.pts.length;
  if (!Number.isInteger(frame) || frame < 0 || frame >= n) throw new HttpError(422, `frame: must be a whole frame index from 0 to ${n - 1}`, "invalid_frame");
  const tick = table.timeBase.num / table.timeBase.den;
  const sec = (table.pts[frame] - table.pts[0]) * tick;
  const next = frame + 1 < n ? (table.pts[frame + 1] - table.pts[frame]) * tick : Infinity;
  const prev = frame > 0 ? (table.pts[frame] - table.pts[frame - 1]) * tick : Infinity;
  const margin = Math.min(0.001, prev / 4, next / 4);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${randomUUID()}.jpg`);
  const seek = Math.max(0, sec - (Number.isFinite(margin) ? margin : 0.001));
  const r = await runProcess(
    ffmpegPath(),
    ["-hide_banner", "-nostdin", "-v", "error", "-y", "-ss", seek.toFixed(6), "-i", mediaFile(video, "playback").path, "-map", "0:V:0", "-frames:v", "1", "-vf", `scale=${width}:-2`, "-q:v", "5", "-f", "image2", "-c:v", "mjpeg", tmp],
    { timeoutMs: 30_000 },
  );
  if (r.code !== 0 || !(await nonEmpty(tmp))) {
    await rm(tmp, { force: true });
    throw new Error(`frame ${frame} of video ${video.id}: image failed (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
  }
  await rename(tmp, file);
  return out;
}

async function nonEmpty(file: string): Promise<boolean> {
  return stat(file).then((s) => s.size > 0, () => false);
}
