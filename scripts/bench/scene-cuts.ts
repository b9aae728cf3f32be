/**
 * Scene detection timing (part of `npm run bench:probe`): for each file, the PTS table (probe)
 * and the scene cuts (lib/video/detect-scene-cuts.ts, as computed once per library video).
 */
import path from "node:path";
import { detectSceneCuts } from "@/lib/video/detect-scene-cuts";
import { probeVideo } from "@/lib/video/probe-video";
import { SCENE_CUT_THRESHOLD } from "@/lib/video/scene-cuts";

export async function benchSceneCuts(files: readonly string[]): Promise<void> {
  console.log(`scene detection (scdet threshold ${SCENE_CUT_THRESHOLD}):`);
  for (const file of files) {
    const p = await probeVideo(file);
    const t = performance.now();
    const { frames } = await detectSceneCuts(file, p.ptsTable);
    const s = (performance.now() - t) / 1000;
    const shown = frames.length > 8 ? `${frames.slice(0, 8).join(", ")}, ...` : frames.join(", ");
    console.log(
      `  ${path.basename(file)}: ${s.toFixed(2)} s for ${p.frameCount} frames ${p.width}x${p.height} ` +
        `(${(p.frameCount / Math.max(s, 1e-6)).toFixed(0)} frames/s, ${(p.duration / Math.max(s, 1e-6)).toFixed(1)}x real time); ` +
        `${frames.length} cut${frames.length === 1 ? "" : "s"}${frames.length ? ` at frames ${shown}` : ""}`,
    );
  }
}
