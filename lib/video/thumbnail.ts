import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { runProcess, stderrTail } from "./run-process";
import { ffmpegPath } from "./tool-paths";

export type ThumbnailOptions = {
  /** Position as a fraction of the duration (default 0.1). */
  at?: number;
  /** Output width in px (default 320; height keeps the aspect ratio, rounded to even). */
  width?: number;
  /** JPEG quality, ffmpeg -q:v 2 (best) .. 31 (default 4). */
  quality?: number;
  timeoutMs?: number;
};

/**
 * Writes a JPEG thumbnail of `input` to `output`, taken at `at` x `duration`
 * seconds after the first frame (ffmpeg's input -ss is relative to the start).
 * `duration` is the probe's duration in seconds.
 */
export async function makeThumbnail(input: string, duration: number, output: string, opts: ThumbnailOptions = {}): Promise<string> {
  const at = Math.max(0, (Number.isFinite(duration) ? duration : 0) * (opts.at ?? 0.1));
  const width = opts.width ?? 320;
  await mkdir(path.dirname(output), { recursive: true });
  const tmp = path.join(path.dirname(output), `.tmp-${randomUUID()}.jpg`);
  const run = (seek: number) =>
    runProcess(
      ffmpegPath(),
      [
        "-hide_banner", "-nostdin", "-v", "error", "-y",
        "-ss", seek.toFixed(6), "-i", input,
        "-map", "0:V:0", "-frames:v", "1",
        "-vf", `scale=${width}:-2`, "-q:v", String(opts.quality ?? 4),
        "-f", "image2", "-c:v", "mjpeg", tmp,
      ],
      { timeoutMs: opts.timeoutMs ?? 60_000 },
    );
  try {
    let r = await run(at);
    // A seek past the last decodable frame writes nothing: fall back to the first frame.
    if (r.code !== 0 || !(await exists(tmp))) r = await run(0);
    if (r.code !== 0 || !(await exists(tmp))) {
      throw new Error(`${path.basename(input)}: thumbnail failed (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
    }
    await rename(tmp, output);
    return output;
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then((s) => s.size > 0, () => false);
}
