/**
 * Generates the deterministic demo videos described in `lib/video/demo-videos.ts`.
 *
 *   npm run demo:videos [-- <outDir>]      (default outDir: data/demo-videos)
 *
 * Idempotent: a file whose `<file>.spec-sha256` matches the current spec is kept.
 */
import path from "node:path";
import { DEMO_VIDEOS, demoFirstPtsSeconds, demoFrameCount, demoIsVariableFrameRate } from "@/lib/video/demo-videos";
import { ensureDemoVideos } from "@/lib/video/generate-demo-video";

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? "data/demo-videos");
  const started = performance.now();
  const results = await ensureDemoVideos(outDir, DEMO_VIDEOS);
  for (const { spec, file, generated } of results) {
    console.log(
      `${generated ? "generated" : "up to date"}  ${path.relative(process.cwd(), file)}  ` +
        `(${spec.id}: ${demoFrameCount(spec)} frames, first PTS ${demoFirstPtsSeconds(spec)} s` +
        `${demoIsVariableFrameRate(spec) ? ", variable frame rate" : ""})`,
    );
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e: unknown) => {
  console.error(`generate-demo-videos: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
