/**
 * Probe benchmark: generates (once) a 10-minute 1080p30 H.264 test file into
 * data/bench and prints how long `probeVideo` (PTS table included) takes, then how long scene
 * detection (computed once per library video) takes for the demo videos and that file.
 *
 *   npm run bench:probe [-- <benchDir>]
 */
import { existsSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { DEMO_VIDEOS } from "@/lib/video/demo-videos";
import { ensureDemoVideos } from "@/lib/video/generate-demo-video";
import { probeVideo } from "@/lib/video/probe-video";
import { runProcess, stderrTail } from "@/lib/video/run-process";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { benchSceneCuts } from "./bench/scene-cuts";

export const BENCH_FILE_NAME = "bench-600s-1080p30.mp4";

export async function ensureBenchVideo(dir: string): Promise<string> {
  const file = path.join(dir, BENCH_FILE_NAME);
  if (existsSync(file)) return file;
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${process.pid}-${BENCH_FILE_NAME}`);
  console.log(`generating ${file} (10 min 1080p30, libx264 ultrafast; takes a few minutes)...`);
  const t = performance.now();
  const r = await runProcess(ffmpegPath(), [
    "-hide_banner", "-nostdin", "-v", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-t", "600",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "mp4", tmp,
  ]);
  if (r.code !== 0) throw new Error(`ffmpeg failed: ${stderrTail(r.stderr)}`);
  await rename(tmp, file);
  console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return file;
}

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? "data/bench");
  const file = await ensureBenchVideo(dir);
  for (let run = 1; run <= 3; run++) {
    const t = performance.now();
    const p = await probeVideo(file);
    const s = (performance.now() - t) / 1000;
    console.log(
      `probe run ${run}: ${s.toFixed(2)} s  (${p.frameCount} frames, ${p.width}x${p.height}, ` +
        `${p.duration.toFixed(3)} s, ${(p.sizeBytes / 1e6).toFixed(0)} MB, pts from ${p.ptsSource})`,
    );
  }
  const demos = await ensureDemoVideos(path.resolve("data/demo-videos"), DEMO_VIDEOS);
  await benchSceneCuts([...demos.map((d) => d.file), file]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((e: unknown) => {
    console.error(`bench-probe: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
