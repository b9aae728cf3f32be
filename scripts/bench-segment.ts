/**
 * Segmenting benchmark: cuts the 10-minute 1080p30 bench file (made by
 * bench-probe.ts, generated here if missing) at 8 cut points into HLS and prints
 * the wall time and the speed relative to real time.
 *
 *   npm run bench:segment [-- <benchDir> [preset]]
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { probeVideo } from "@/lib/video/probe-video";
import { segmentVideo } from "@/lib/video/segment-video";
import { ensureBenchVideo } from "./bench-probe";

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? "data/bench");
  const preset = process.argv[3] ?? undefined;
  const file = await ensureBenchVideo(dir);
  const probe = await probeVideo(file);
  const cuts = [37.4, 95.05, 160.0, 222.2, 301.3, 377.7, 450.01, 555.5];
  const outDir = path.join(dir, "segments");
  const t = performance.now();
  const result = await segmentVideo(file, cuts, outDir, { probe, preset });
  const s = (performance.now() - t) / 1000;
  console.log(
    `segmented ${probe.duration.toFixed(1)} s of ${probe.width}x${probe.height} at ${cuts.length} cuts into ` +
      `${result.segments.length} segments in ${s.toFixed(1)} s (${(probe.duration / s).toFixed(2)}x real time, ` +
      `preset ${preset ?? "default"})`,
  );
  for (const seg of result.segments) {
    console.log(`  ${seg.file}: frames ${seg.startFrame}..${seg.endFrameExclusive - 1}, ${seg.startTime.toFixed(3)}-${seg.endTime.toFixed(3)} s`);
  }
  await rm(outDir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(`bench-segment: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
