/**
 * Small generated videos (and broken files) for the video-library integration tests
 * (tests/videos-*.test.ts, tests/media-*.test.ts). Nothing from shared/datasets is read.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { runProcess } from "@/lib/video/run-process";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { generateInto, miniDemoSpec } from "@/lib/video/video-test-fixtures";

export type VideoFixtures = {
  /** H.264 MP4, 30 fps, 30 frames, first PTS 0: played directly. */
  cfr: string;
  /** H.264 MP4, 25 fps, 20 frames, first PTS 2.5 s: remuxed to a zero-based copy. */
  offset: string;
  /** MPEG-4 Part 2 in Matroska, 24 fps, 24 frames: transcoded. */
  mkv: string;
  /** Plain text with a .mp4 name. */
  text: string;
  /** The cfr video with its index (moov, at the end) cut off. */
  truncated: string;
  /** A fast-start MP4 whose sample tables are emptied: a video stream without frames. */
  zeroFrames: string;
};

/** Zeroes the sample-table entry counts of a fast-start MP4 and drops its media data. */
function zeroFrameMp4(mp4: Buffer): Buffer {
  const out = Buffer.from(mp4);
  for (const box of ["stts", "stss", "ctts", "stsc", "stsz", "stco"]) {
    const i = out.indexOf(box, 0, "latin1");
    if (i < 0) continue;
    out.writeUInt32BE(0, i + 8 + (box === "stsz" ? 4 : 0));
  }
  return out.subarray(0, out.indexOf("mdat", 0, "latin1") - 4);
}

export async function makeVideoFixtures(dir: string): Promise<VideoFixtures> {
  const [cfr, offset, mkv] = await Promise.all([
    generateInto(dir, miniDemoSpec("cfr30", 30)),
    generateInto(dir, miniDemoSpec("offset", 20)),
    generateInto(dir, miniDemoSpec("mkv-mpeg4", 24)),
  ]);
  const text = path.join(dir, "notes.mp4");
  await writeFile(text, "These are meeting notes, not a video.\n".repeat(40));
  const moovAtEnd = path.join(dir, "moov-at-end.mp4");
  const r = await runProcess(ffmpegPath(), ["-v", "error", "-y", "-i", cfr, "-c", "copy", "-map", "0:v", moovAtEnd]);
  if (r.code !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  const truncated = path.join(dir, "cut.mp4");
  const whole = await readFile(moovAtEnd);
  await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
  const zeroFrames = path.join(dir, "zero.mp4");
  await writeFile(zeroFrames, zeroFrameMp4(await readFile(cfr)));
  return { cfr, offset, mkv, text, truncated, zeroFrames };
}

/** Every file and directory below `dir` (relative paths, sorted); [] when it does not exist. */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String).sort();
}

/**
 * What is left in the local scratch directory `<data>/tmp` (uploads, staging), leaving out the S3
 * driver's cache of local copies for ffmpeg (`cache-*`, lib/storage/local-copies.ts).
 */
export async function scratchLeft(dataDir: string): Promise<string[]> {
  return (await listTree(path.join(dataDir, "tmp"))).filter((f) => !/^cache-/.test(f));
}

/**
 * Runs `npm run videos:import -- ARGS` (scripts/import-videos.ts under tsx) against the given
 * database and data directory (the test database's); resolves with its exit code and output.
 */
export function runImportVideosCli(args: string[], target: { url: string; dataDir: string }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/import-videos.ts", ...args], {
      env: { ...process.env, DATABASE_URL: target.url, PLAYHEAD_DATA_DIR: target.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
