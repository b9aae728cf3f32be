import "server-only";
import { spawn } from "node:child_process";
import path from "node:path";
import { decodeFrameIndex } from "./frame-code";
import { stderrTail, ToolMissingError } from "./run-process";
import { ffmpegPath } from "./tool-paths";

export type FrameSize = { width: number; height: number };
export type DecodeOptions = { maxFrames?: number; timeoutMs?: number };

/**
 * Decodes the first video stream to raw RGBA frames of `size` (scaled if the
 * video's size differs), every frame in display order, none dropped or
 * duplicated, and calls `onFrame` for each (the buffer is only valid during the
 * call). `inputs` are concatenated with ffmpeg's concat protocol (e.g. an HLS init
 * segment followed by a media segment). Returns the number of frames.
 */
export function forEachDecodedFrame(
  inputs: string | readonly string[],
  size: FrameSize,
  onFrame: (rgba: Uint8Array, index: number) => void,
  opts: DecodeOptions = {},
): Promise<number> {
  const list = typeof inputs === "string" ? [inputs] : inputs;
  const input = list.length === 1 ? list[0] : `concat:${list.join("|")}`;
  const args = [
    "-hide_banner", "-nostdin", "-v", "error", "-i", input, "-map", "0:V:0", "-fps_mode", "passthrough",
    "-vf", `scale=${size.width}:${size.height}`,
  ];
  if (opts.maxFrames !== undefined) args.push("-frames:v", String(opts.maxFrames));
  args.push("-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1");
  const frameBytes = size.width * size.height * 4;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
    const timer = opts.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs) : undefined;
    let stderr = "";
    const frame = new Uint8Array(frameBytes);
    let filled = 0;
    let count = 0;
    let failure: unknown = null;
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString("utf8")).slice(-20_000);
    });
    child.stdout.on("data", (d: Buffer) => {
      let pos = 0;
      while (pos < d.length && !failure) {
        const n = Math.min(frameBytes - filled, d.length - pos);
        frame.set(d.subarray(pos, pos + n), filled);
        filled += n;
        pos += n;
        if (filled === frameBytes) {
          filled = 0;
          try {
            onFrame(frame, count++);
          } catch (e) {
            failure = e;
            child.kill("SIGKILL");
          }
        }
      }
    });
    child.on("error", (e) => {
      if (timer) clearTimeout(timer);
      reject((e as NodeJS.ErrnoException).code === "ENOENT" ? new ToolMissingError(ffmpegPath(), e) : e);
    });
    child.on("close", (code) => {
      if (timer) clearTimeout(timer);
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`${path.basename(list[0])}: decoding failed (${stderrTail(stderr) || `exit code ${code}`})`));
      else if (filled) reject(new Error(`${path.basename(list[0])}: decoder output ended inside a frame`));
      else resolve(count);
    });
  });
}

/** Decodes frames into memory (small videos only). */
export async function decodeFramesRgba(inputs: string | readonly string[], size: FrameSize, opts: DecodeOptions = {}): Promise<Uint8Array[]> {
  const frames: Uint8Array[] = [];
  await forEachDecodedFrame(inputs, size, (f) => frames.push(new Uint8Array(f)), opts);
  return frames;
}

/** Decodes every frame and reads its frame code (null where none is readable). */
export async function decodeFrameCodes(inputs: string | readonly string[], size: FrameSize, opts: DecodeOptions = {}): Promise<(number | null)[]> {
  const codes: (number | null)[] = [];
  await forEachDecodedFrame(inputs, size, (f) => codes.push(decodeFrameIndex(f, size.width, size.height)), opts);
  return codes;
}
