import "server-only";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { HttpError } from "@/lib/http/http-error";
import { mediaStorage } from "@/lib/storage/media-storage";
import { newScratchDir } from "@/lib/storage/scratch";
import { runProcess, stderrTail } from "@/lib/video/run-process";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { mediaFile, readVideoPts, type StoredFile } from "./video-files";

/**
 * A small JPEG of exactly one frame of a video's playback file (the annotation workspace shows
 * the first-appearance frame of each O2 identity). Frame-exact: the PTS table gives the frame's
 * time from the first frame, and ffmpeg's accurate input seek outputs the first frame at or after
 * a point a quarter of the shortest frame interval (at most 1 ms) before it. Written once per
 * (video, frame, width) into the media storage (`videos/<uuid>/frames/<n>-w<width>.jpg`), then
 * served from there. ffmpeg reads the playback file through the storage's local file (the stored
 * file itself with the local driver, a cached download with S3) and writes into local scratch.
 */
type Video = Parameters<typeof mediaFile>[0] & { id: string };

export const FRAME_IMAGE_WIDTH = 160;

export async function frameImageFile(video: Video, frame: number, width = FRAME_IMAGE_WIDTH): Promise<StoredFile> {
  const storage = mediaStorage();
  const plausible = Number.isSafeInteger(frame) && frame >= 0;
  const key = plausible ? videoStorageKeys(video.storageKey).frameImage(frame, width) : "";
  const out: StoredFile = { key, contentType: "image/jpeg", etag: `"${video.sha256}-frame-${frame}-w${width}"` };
  // Written only for a valid frame, so a hit needs neither the PTS table nor ffmpeg.
  if (plausible && ((await storage.head(key))?.size ?? 0) > 0) return out;
  const table = await readVideoPts(video, "playback");
  const n = table.pts.length;
  if (!plausible || frame >= n) throw new HttpError(422, `frame: must be a whole frame index from 0 to ${n - 1}`, "invalid_frame");
  const tick = table.timeBase.num / table.timeBase.den;
  const sec = (table.pts[frame] - table.pts[0]) * tick;
  const next = frame + 1 < n ? (table.pts[frame + 1] - table.pts[frame]) * tick : Infinity;
  const prev = frame > 0 ? (table.pts[frame] - table.pts[frame - 1]) * tick : Infinity;
  const margin = Math.min(0.001, prev / 4, next / 4);
  const work = await newScratchDir("work");
  try {
    const tmp = path.join(work, "frame.jpg");
    const seek = Math.max(0, sec - (Number.isFinite(margin) ? margin : 0.001));
    const r = await storage.withLocalFile(mediaFile(video, "playback").key, (input) =>
      runProcess(
        ffmpegPath(),
        ["-hide_banner", "-nostdin", "-v", "error", "-y", "-ss", seek.toFixed(6), "-i", input, "-map", "0:V:0", "-frames:v", "1", "-vf", `scale=${width}:-2`, "-q:v", "5", "-f", "image2", "-c:v", "mjpeg", tmp],
        { timeoutMs: 30_000 },
      ),
    );
    if (r.code !== 0 || !(await nonEmpty(tmp))) {
      throw new Error(`frame ${frame} of video ${video.id}: image failed (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
    }
    await storage.putFile(key, tmp, { move: true, contentType: "image/jpeg" });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return out;
}

async function nonEmpty(file: string): Promise<boolean> {
  return stat(file).then((s) => s.size > 0, () => false);
}
