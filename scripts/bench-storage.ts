/**
 * Media storage benchmark: what the storage interface (lib/storage) costs on the hot paths.
 *
 *   npm run bench:storage [-- --files 200 --kb 300 --rounds 9 --s3]
 *
 * 1. Segment reads (the streaming protocol's cache misses, lib/protocol/segment-bytes.ts): `--files`
 *    segment-sized files of `--kb` KiB in a scratch data directory, each read whole, by
 *    - a bare `readFile(path)` (what segment-bytes.ts did before the storage interface), and
 *    - `LocalStorage.get(key)` (what it does now: key check, path resolution, readFile).
 *    Interleaved round by round so machine load hits both alike; the median round is printed.
 * 2. The per-request key of a segment (`segmentFileKey`, the cache-hit path) and the local
 *    driver's key check + path join (all `get` adds to a bare readFile): ns per call.
 * 3. Range streaming (the media route): bytes of one 64 MiB file streamed in 1 MiB ranges through
 *    `fileRangeStream` directly and through `LocalStorage.getRange`.
 * 4. With `--s3`: the same segment reads and ranges from an S3 protocol server (s3rver on
 *    127.0.0.1, a dev dependency; a functional reference, not a figure for a real bucket).
 *
 * Prints the figures; fails only when a read returns wrong bytes.
 */
import { randomFillSync } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

type Args = { files: number; kb: number; rounds: number; s3: boolean };

function parseArgs(argv: string[]): Args {
  const a: Args = { files: 200, kb: 300, rounds: 9, s3: false };
  for (let i = 0; i < argv.length; i++) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (k === "--files") (a.files = Number(v)), i++;
    else if (k === "--kb") (a.kb = Number(v)), i++;
    else if (k === "--rounds") (a.rounds = Number(v)), i++;
    else if (k === "--s3") a.s3 = true;
    else throw new Error(`unknown option ${k}`);
  }
  return a;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function timeIt(fn: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) n += chunk.byteLength;
  return n;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = await mkdtemp(path.join(os.tmpdir(), "playhead-bench-storage-"));
  process.env.PLAYHEAD_DATA_DIR = root;
  const { LocalStorage } = await import("@/lib/storage/local-storage");
  const { fileRangeStream } = await import("@/lib/storage/file-range-stream");
  const { segmentFileKey } = await import("@/lib/protocol/segment-files");
  const { videoStorageKeys } = await import("@/lib/video/storage-paths");
  const local = new LocalStorage(() => root);
  const storageKey = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const dirKey = "ab".repeat(32);
  const keys = videoStorageKeys(storageKey);
  const names = Array.from({ length: args.files }, (_, i) => `seg-${String(i).padStart(5, "0")}.m4s`);
  const bytes = Buffer.alloc(args.kb * 1024);
  randomFillSync(bytes);
  try {
    for (const name of names) await local.put(keys.segmentFile(dirKey, name), bytes);
    const files = names.map((n) => path.join(root, ...keys.segmentFile(dirKey, n).split("/")));
    const mb = (args.files * bytes.length) / 2 ** 20;

    // 1. Segment reads.
    const bare: number[] = [];
    const viaStorage: number[] = [];
    const readBare = async () => {
      for (const f of files) if ((await readFile(f)).byteLength !== bytes.length) throw new Error("short read");
    };
    const readStorage = async () => {
      for (const n of names) if ((await local.get(keys.segmentFile(dirKey, n))).byteLength !== bytes.length) throw new Error("short read");
    };
    await readBare(); // warm the page cache: both read cached files
    for (let r = 0; r < args.rounds; r++) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      if (r % 2) viaStorage.push(await timeIt(readStorage));
      bare.push(await timeIt(readBare));
      if (!(r % 2)) viaStorage.push(await timeIt(readStorage));
    }
    const perRead = (ms: number) => ((ms * 1000) / args.files).toFixed(1);
    console.log(`segment reads: ${args.files} files x ${args.kb} KiB, median of ${args.rounds} rounds`);
    console.log(`  bare readFile(path)         ${perRead(median(bare))} us/read   ${(mb / (median(bare) / 1000)).toFixed(0)} MiB/s`);
    console.log(`  LocalStorage.get(key)       ${perRead(median(viaStorage))} us/read   ${(mb / (median(viaStorage) / 1000)).toFixed(0)} MiB/s   (${(((median(viaStorage) - median(bare)) / median(bare)) * 100).toFixed(1)} %)`);

    // 2. Key per request (cache hits do only this and a Map lookup).
    const loaded = {
      storageKey,
      dirKey,
      playbackFile: "original.mp4",
      mimeType: "video/mp4",
      plan: { segments: names.map((file) => ({ file })) },
    } as unknown as Parameters<typeof segmentFileKey>[0];
    const calls = 200_000;
    let sink = 0;
    const t = performance.now();
    for (let i = 0; i < calls; i++) sink += segmentFileKey(loaded, i % args.files).length;
    const ns = ((performance.now() - t) * 1e6) / calls;
    console.log(`segmentFileKey: ${ns.toFixed(0)} ns/call (${calls} calls, ${sink > 0 ? "ok" : "?"})`);
    // What LocalStorage.get adds to a bare readFile: the key check and the join onto the root.
    const segKeys = names.map((n) => keys.segmentFile(dirKey, n));
    const t2 = performance.now();
    for (let i = 0; i < calls; i++) sink += local.pathOf(segKeys[i % args.files]).length;
    console.log(`LocalStorage key check + path: ${(((performance.now() - t2) * 1e6) / calls).toFixed(0)} ns/call (the whole difference between the two segment reads above)`);

    // 3. Range streaming.
    const big = Buffer.alloc(64 * 2 ** 20);
    randomFillSync(big);
    await local.put(keys.playback, big);
    const bigFile = path.join(root, ...keys.playback.split("/"));
    const step = 2 ** 20;
    const rangesBare: number[] = [];
    const rangesStorage: number[] = [];
    const rangeBare = async () => {
      for (let s = 0; s < big.length; s += step) if ((await drain(fileRangeStream(bigFile, s, s + step - 1))) !== step) throw new Error("short range");
    };
    const rangeStorage = async () => {
      for (let s = 0; s < big.length; s += step) if ((await drain(await local.getRange(keys.playback, s, s + step - 1))) !== step) throw new Error("short range");
    };
    for (let r = 0; r < args.rounds; r++) {
      if (r % 2) rangesStorage.push(await timeIt(rangeStorage));
      rangesBare.push(await timeIt(rangeBare));
      if (!(r % 2)) rangesStorage.push(await timeIt(rangeStorage));
    }
    console.log(`ranges: 64 MiB in 1 MiB ranges, median of ${args.rounds} rounds`);
    console.log(`  fileRangeStream(path)       ${(64 / (median(rangesBare) / 1000)).toFixed(0)} MiB/s`);
    console.log(`  LocalStorage.getRange(key)  ${(64 / (median(rangesStorage) / 1000)).toFixed(0)} MiB/s`);

    // 4. S3 reference.
    if (args.s3) {
      const { default: S3rver } = await import("s3rver");
      const { S3Storage } = await import("@/lib/storage/s3-storage");
      const directory = path.join(root, "s3rver");
      const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: "playhead-bench" }] });
      const { port } = await server.run();
      try {
        const s3 = new S3Storage({
          driver: "s3",
          bucket: "playhead-bench",
          region: "us-east-1",
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          endpoint: `http://127.0.0.1:${port}`,
          forcePathStyle: true,
          prefix: "",
          cacheBytes: 2 ** 30,
        });
        const upload = await timeIt(async () => {
          for (const n of names) await s3.put(keys.segmentFile(dirKey, n), bytes);
        });
        const reads: number[] = [];
        for (let r = 0; r < args.rounds; r++) {
          reads.push(await timeIt(async () => {
            for (const n of names) if (!(await s3.get(keys.segmentFile(dirKey, n))).equals(bytes)) throw new Error("wrong bytes from S3");
          }));
        }
        await s3.putFile(keys.playback, bigFile);
        const ranged = await timeIt(async () => {
          for (let s = 0; s < big.length; s += step) if ((await drain(await s3.getRange(keys.playback, s, s + step - 1))) !== step) throw new Error("short range");
        });
        console.log(`s3 (s3rver on 127.0.0.1, reference only): put ${perRead(upload)} us/segment, get ${perRead(median(reads))} us/segment, ranges ${(64 / (ranged / 1000)).toFixed(0)} MiB/s`);
      } finally {
        await server.close();
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`bench-storage: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
