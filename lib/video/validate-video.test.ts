import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "./run-process";
import { ffmpegPath } from "./tool-paths";
import { isVideoContainerFormat, validateVideo, VideoRejectedError, type VideoRejectionCode } from "./validate-video";
import { generateInto, makeTempDir, miniDemoSpec, removeTempDir } from "./video-test-fixtures";

let dir = "";
let good = ""; // fast-start MP4 (moov first), 50 frames
let goodCopy = ""; // same frames, moov at the end

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

async function expectRejected(file: string, code: VideoRejectionCode, message: RegExp, displayName?: string) {
  const err = await validateVideo(file, { displayName }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VideoRejectedError);
  const e = err as VideoRejectedError;
  expect(e.code).toBe(code);
  expect(e.message).toMatch(message);
  expect(e.message).not.toContain(dir); // never leaks server paths
}

beforeAll(async () => {
  dir = await makeTempDir();
  good = await generateInto(dir, miniDemoSpec("offset", 50));
  goodCopy = path.join(dir, "moov-at-end.mp4");
  const r = await runProcess(ffmpegPath(), ["-v", "error", "-y", "-i", good, "-c", "copy", goodCopy]);
  if (r.code !== 0) throw new Error(r.stderr);
}, 60_000);

afterAll(() => removeTempDir(dir));

describe("validateVideo", { timeout: 30_000 }, () => {
  it("accepts a good video and returns its probe", async () => {
    const p = await validateVideo(good);
    expect(p.frameCount).toBe(50);
    expect(p.firstPts).toBe(2.5);
    expect((await validateVideo(goodCopy)).frameCount).toBe(50);
  });

  it("rejects a missing and an empty file", async () => {
    await expectRejected(path.join(dir, "nope.mp4"), "not-found", /^nope\.mp4: file not found$/);
    const empty = path.join(dir, "empty.mp4");
    await writeFile(empty, "");
    await expectRejected(empty, "empty-file", /^empty\.mp4: empty file/);
  });

  it("rejects a text file and random bytes as not a video, naming the upload", async () => {
    const text = path.join(dir, "readme.txt");
    await writeFile(text, "This is a plain text file, not a video.\n".repeat(20));
    await expectRejected(text, "not-a-video", /^lecture\.mp4: not a video/, "lecture.mp4");
    const random = path.join(dir, "random.bin");
    let seed = 42;
    const bytes = Buffer.alloc(64 * 1024, 0).map(() => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 255);
    await writeFile(random, bytes);
    await expectRejected(random, "not-a-video", /^random\.bin: not a video/);
  });

  it("rejects a still image", async () => {
    const png = path.join(dir, "still.png");
    const r = await runProcess(ffmpegPath(), ["-v", "error", "-y", "-f", "lavfi", "-i", "color=s=64x64", "-frames:v", "1", png]);
    expect(r.code).toBe(0);
    await expectRejected(png, "not-a-video", /^still\.png: not a video/);
  });

  it("rejects an audio-only file", async () => {
    const audio = path.join(dir, "tone.m4a");
    const r = await runProcess(ffmpegPath(), ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "aac", audio]);
    expect(r.code).toBe(0);
    await expectRejected(audio, "no-video-stream", /no video stream/);
  });

  it("rejects a file with a video stream but zero frames", async () => {
    const zero = path.join(dir, "zero.mp4");
    await writeFile(zero, zeroFrameMp4(await readFile(good)));
    await expectRejected(zero, "zero-frames", /^zero\.mp4: zero frames/);
  });

  it("rejects a truncated fast-start MP4 (media data cut)", async () => {
    const data = await readFile(good);
    const cut = path.join(dir, "cut.mp4");
    await writeFile(cut, data.subarray(0, Math.floor(data.length * 0.6)));
    await expectRejected(cut, "truncated", /^cut\.mp4: truncated/);
  });

  it("rejects a truncated MP4 whose index (moov) was at the end", async () => {
    const data = await readFile(goodCopy);
    const cut = path.join(dir, "cut-moov.mp4");
    await writeFile(cut, data.subarray(0, Math.floor(data.length * 0.6)));
    await expectRejected(cut, "truncated", /^cut-moov\.mp4: truncated MP4: the index \(moov atom\) is missing/);
  });

  it("rejects a video whose last second does not decode", async () => {
    const data = Buffer.from(await readFile(good));
    // Overwrite the media data of the last frames (the file ends with mdat: fast start).
    for (let i = Math.floor(data.length * 0.85); i < data.length; i++) data[i] = (i * 7919) & 255;
    const bad = path.join(dir, "garbled.mp4");
    await writeFile(bad, data);
    await expectRejected(bad, "decode-error", /^garbled\.mp4: cannot be decoded near its end/);
  });
});

describe("isVideoContainerFormat", () => {
  it("accepts video containers and refuses text / image demuxers", () => {
    expect(isVideoContainerFormat("mov,mp4,m4a,3gp,3g2,mj2")).toBe(true);
    expect(isVideoContainerFormat("matroska,webm")).toBe(true);
    expect(isVideoContainerFormat("tty")).toBe(false);
    expect(isVideoContainerFormat("image2")).toBe(false);
    expect(isVideoContainerFormat("png_pipe")).toBe(false);
  });
});
