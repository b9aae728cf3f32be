import "server-only";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getDemoVideo, type DemoVideoSpec } from "./demo-videos";
import { generateDemoVideo } from "./generate-demo-video";

/**
 * Test support (used by the ffmpeg-based *.test.ts files only): short versions of
 * the demo videos, generated into a temporary directory.
 */

/** The demo spec with every constant-rate run cut to at most `framesPerRun` frames. */
export function miniDemoSpec(id: string, framesPerRun: number): DemoVideoSpec {
  const spec = getDemoVideo(id);
  const runs = spec.runs.map((r) => ({ ...r, frameCount: Math.min(r.frameCount, framesPerRun) }));
  const total = runs.reduce((n, r) => n + r.frameCount, 0);
  const objects = spec.objects
    .filter((o) => o.appearFrame < total)
    .map((o) => ({ ...o, disappearFrame: Math.min(o.disappearFrame, total) }));
  return { ...spec, id: `${spec.id}-mini`, fileName: `mini-${spec.fileName}`, runs, objects };
}

export async function makeTempDir(prefix = "playhead-video-"): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Generates `spec` into `dir` and returns the file path. */
export async function generateInto(dir: string, spec: DemoVideoSpec): Promise<string> {
  const file = path.join(dir, spec.fileName);
  await generateDemoVideo(spec, file);
  return file;
}
