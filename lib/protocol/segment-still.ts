import "server-only";
import { runProcess, stderrTail } from "@/lib/video/run-process";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { segmentBytes } from "./segment-bytes";
import { segmentFileKey } from "./segment-files";
import type { LoadedPlan } from "./load-plan";

/**
 * The LAST frame of a segment of a streaming plan as a PNG (lossless: the picture is exactly the
 * decoded frame, in-picture frame codes included). Segments end right after a query point's
 * frame (session-plan.ts), so the last frame of the segment ending at a query point IS the frame
 * the question is about. Decoded with ffmpeg from the init segment + the segment, the very bytes
 * the participant was served; cached per process (stills are shared by every participant of a
 * study and never change: a new segmentation gets a new directory).
 */
const cache = new Map<string, Buffer>();
const MAX_CACHED = 64;

export async function segmentLastFramePng(loaded: LoadedPlan, index: number): Promise<Buffer> {
  const segment = loaded.plan.segments[index];
  if (!segment) throw new Error(`no segment ${index}`);
  const file = segmentFileKey(loaded, index);
  const hit = cache.get(file);
  if (hit) return hit;
  const bytes = Buffer.concat([await segmentBytes(segmentFileKey(loaded, "init")), await segmentBytes(file)]);
  // Frame number inside the segment (decode order = presentation order: no B-frames).
  const n = segment.endFrameExclusive - 1 - segment.startFrame;
  const r = await runProcess(
    ffmpegPath(),
    [
      "-hide_banner", "-nostdin", "-v", "error",
      "-f", "mp4", "-i", "pipe:0",
      "-map", "0:V:0", "-vf", `select=eq(n\\,${n})`, "-fps_mode", "passthrough", "-frames:v", "1",
      "-f", "image2pipe", "-c:v", "png", "pipe:1",
    ],
    { input: bytes, timeoutMs: 30_000 },
  );
  if (r.code !== 0 || r.stdout.byteLength === 0) throw new Error(`still of segment ${index} failed (${stderrTail(r.stderr) || `exit code ${r.code}`})`);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(file, r.stdout);
  return r.stdout;
}
