import "server-only";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  demoDurationSeconds,
  demoFrameCount,
  demoPtsTicks,
  demoSpecKey,
  type DemoVideoSpec,
} from "./demo-videos";
import { renderDemoFrame } from "./render-demo-frame";
import { stderrTail, ToolMissingError } from "./run-process";
import { dejaVuFontPath, ffmpegPath } from "./tool-paths";

/** SHA-256 of the spec (and generator version): the file is rebuilt when it changes. */
export function demoSpecHash(spec: DemoVideoSpec): string {
  return createHash("sha256").update(demoSpecKey(spec)).digest("hex");
}

/**
 * ffmpeg expression giving frame N's presentation time in ticks of 1/timeScale
 * (piecewise linear over the spec's constant-rate runs, plus the first PTS;
 * rounded to whole ticks where a frame duration is not a whole number of ticks).
 * The filter graph: raw RGBA frames rendered in Node (render-demo-frame.ts) ->
 * settb/setpts (this expression) -> drawtext frame counter -> yuv420p.
 */
export function demoSetptsExpression(spec: DemoVideoSpec): string {
  const ticks = demoPtsTicks(spec);
  const parts: string[] = [];
  let start = 0;
  spec.runs.forEach((run, i) => {
    const t0 = ticks[start];
    const d = (spec.timeScale * run.fps[1]) / run.fps[0];
    const piece = Number.isInteger(d)
      ? `${t0}+(N-${start})*${d}`
      : `round(${t0}+(N-${start})*${spec.timeScale}*${run.fps[1]}/${run.fps[0]})`;
    const end = start + run.frameCount;
    parts.push(i === spec.runs.length - 1 ? piece : `if(lt(N,${end}),${piece},`);
    start = end;
  });
  return parts.join("") + ")".repeat(spec.runs.length - 1);
}

function ffmpegArgs(spec: DemoVideoSpec, outFile: string): string[] {
  const firstFps = spec.runs[0].fps;
  const font = dejaVuFontPath();
  const filter =
    `[0:v]settb=1/${spec.timeScale},setpts='${demoSetptsExpression(spec)}',` +
    `drawtext=fontfile=${font}:text='${spec.id}  frame %{frame_num}  t=%{pts\\:hms}':` +
    `x=12:y=h-40:fontsize=22:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=6,format=yuv420p[v]`;
  const args = [
    "-hide_banner", "-nostdin", "-v", "error", "-y",
    "-f", "rawvideo", "-pix_fmt", "rgba", "-s", `${spec.width}x${spec.height}`,
    "-framerate", `${firstFps[0]}/${firstFps[1]}`, "-i", "pipe:0",
  ];
  if (spec.audio) {
    args.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${demoDurationSeconds(spec)}`);
  }
  args.push("-filter_complex", filter, "-map", "[v]");
  if (spec.audio) args.push("-map", "1:a", "-c:a", "aac", "-b:a", "64k");
  if (spec.videoCodec === "h264") {
    args.push("-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-g", "30");
  } else {
    args.push("-c:v", "mpeg4", "-q:v", "3", "-g", "24");
  }
  args.push("-fps_mode", "passthrough", "-enc_time_base", `1:${spec.timeScale}`);
  if (spec.container === "mp4") {
    args.push("-video_track_timescale", String(spec.timeScale), "-movflags", "+faststart", "-f", "mp4");
  } else {
    args.push("-f", "matroska");
  }
  args.push(outFile);
  return args;
}

/**
 * Renders the spec's frames in Node and encodes them with ffmpeg into `outFile`
 * (written to a temporary name in the same directory, then renamed).
 */
export async function generateDemoVideo(spec: DemoVideoSpec, outFile: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  const tmp = path.join(path.dirname(outFile), `.tmp-${randomUUID()}-${path.basename(outFile)}`);
  const child = spawn(ffmpegPath(), ffmpegArgs(spec, tmp), { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString("utf8")).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", (e) =>
      reject((e as NodeJS.ErrnoException).code === "ENOENT" ? new ToolMissingError(ffmpegPath(), e) : e),
    );
    child.on("close", (code) => resolve(code));
  });
  let writeFailed = false;
  child.stdin.on("error", () => {
    writeFailed = true;
  });
  try {
    const frames = demoFrameCount(spec);
    for (let n = 0; n < frames && !writeFailed; n++) {
      // A fresh buffer per frame: stream.write keeps a reference until flushed.
      const buf = renderDemoFrame(spec, n);
      if (!child.stdin.write(buf)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            child.stdin.off("drain", done);
            child.stdin.off("close", done);
            resolve();
          };
          child.stdin.on("drain", done);
          child.stdin.on("close", done);
        });
      }
    }
    child.stdin.end();
    const code = await exited;
    if (code !== 0) throw new Error(`ffmpeg failed to generate ${path.basename(outFile)}: ${stderrTail(stderr)}`);
    await rename(tmp, outFile);
  } catch (e) {
    child.kill("SIGKILL");
    await rm(tmp, { force: true });
    throw e;
  }
}

export type EnsuredDemoVideo = { spec: DemoVideoSpec; file: string; generated: boolean };

/**
 * Makes sure every spec's file exists in `outDir` with the current spec hash
 * (stored next to it as `<file>.spec-sha256`); generates missing or outdated ones.
 */
export async function ensureDemoVideos(outDir: string, specs: readonly DemoVideoSpec[]): Promise<EnsuredDemoVideo[]> {
  await mkdir(outDir, { recursive: true });
  const results: EnsuredDemoVideo[] = [];
  for (const spec of specs) {
    const file = path.join(outDir, spec.fileName);
    const hashFile = `${file}.spec-sha256`;
    const hash = demoSpecHash(spec);
    const existing = await readFile(hashFile, "utf8").catch(() => "");
    const present = await stat(file).then((s) => s.isFile() && s.size > 0, () => false);
    if (present && existing.trim() === hash) {
      results.push({ spec, file, generated: false });
      continue;
    }
    await rm(hashFile, { force: true });
    await generateDemoVideo(spec, file);
    await writeFile(hashFile, `${hash}\n`);
    results.push({ spec, file, generated: true });
  }
  return results;
}
