import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileRangeStream } from "./file-range-stream";

let dir = "";
let file = "";
const bytes = Buffer.alloc(10_000);
for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 255;

async function collect(stream: ReadableStream<Uint8Array>): Promise<{ data: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  return { data: Buffer.concat(parts), chunks: parts.length };
}

async function openFds(): Promise<number> {
  return (await readdir("/proc/self/fd").catch(() => [])).length;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "playhead-file-stream-"));
  file = path.join(dir, "data.bin");
  await writeFile(file, bytes);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("fileRangeStream", () => {
  it("streams exactly the inclusive range, in chunks", async () => {
    const { data, chunks } = await collect(fileRangeStream(file, 100, 5099, { chunkBytes: 1000 }));
    expect(data.equals(bytes.subarray(100, 5100))).toBe(true);
    expect(chunks).toBe(5);
    expect((await collect(fileRangeStream(file, 0, bytes.length - 1))).data.equals(bytes)).toBe(true);
    expect((await collect(fileRangeStream(file, 9999, 9999))).data.equals(bytes.subarray(9999))).toBe(true);
  });

  it("serves a slow consumer chunk by chunk, in order", async () => {
    const stream = fileRangeStream(file, 0, bytes.length - 1, { chunkBytes: 100 });
    const reader = stream.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 20));
    const { value } = await reader.read();
    expect(Buffer.from(value!).equals(bytes.subarray(100, 200))).toBe(true);
    await reader.cancel();
  });

  it("closes its file handle when the consumer cancels or the signal aborts", async () => {
    const before = await openFds();
    const reader = fileRangeStream(file, 0, bytes.length - 1, { chunkBytes: 10 }).getReader();
    await reader.read();
    expect(await openFds()).toBe(before + 1);
    await reader.cancel();
    expect(await openFds()).toBe(before);
    const controller = new AbortController();
    const r2 = fileRangeStream(file, 0, bytes.length - 1, { chunkBytes: 10, signal: controller.signal }).getReader();
    await r2.read();
    controller.abort();
    // The close is asynchronous (a read already under way finishes first): wait for it rather than
    // for a fixed 20 ms, which a loaded CI machine can overrun.
    await expect.poll(openFds, { timeout: 5_000, interval: 10 }).toBe(before);
    const end = await r2.read().catch(() => ({ done: true }));
    expect(end.done).toBe(true);
  });

  it("errors when the file is missing", async () => {
    await expect(collect(fileRangeStream(path.join(dir, "nope.bin"), 0, 10))).rejects.toThrow(/ENOENT/);
  });
});
