import "server-only";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The WebAssembly line scanner of the VCBench scorer (source: `wasm/line-scan.as.ts`,
 * AssemblyScript). `npm run score:build` compiles it into the bundle; under tsx and in tests
 * it is compiled from its source on first use and cached in `node_modules/.cache/playhead`.
 * When it cannot be had, the scorer runs its JavaScript scanner alone (same results).
 */

/** Set by scripts/score-build.ts: the compiled module, base64. */
declare const __PLAYHEAD_LINE_SCAN_WASM__: string | undefined;

type Global = { value: number };
type Exports = {
  memory: WebAssembly.Memory;
  BUF: Global;
  OUT_A: Global;
  OUT_B: Global;
  OUT_C: Global;
  RES: Global;
  CAP: Global;
  /** 1 and the results in memory (see {@link LineScan.results}) for an accepted line, else 0. */
  truthLine(s: number, e: number): number;
  predLine(s: number, e: number): number;
};

/** Indices into {@link LineScan.results}. */
export const RESULT = { idStart: 0, idEnd: 1, idAscii: 2, subtype: 3, countA: 4, countB: 5, countC: 6, present: 7 } as const;

/** Bytes kept free after the line buffer (room for wide loads past its end). */
const SLACK = 64;

/** An instance of the scanner, with its memory shared by the line reader and the outputs. */
export class LineScan {
  readonly buf: number;
  readonly cap: number;
  private views: { buffer: ArrayBuffer; a: Float64Array; b: Float64Array; c: Float64Array; results: Int32Array } | null = null;

  constructor(readonly ex: Exports) {
    this.buf = ex.BUF.value;
    this.cap = ex.CAP.value;
  }

  /**
   * A Buffer of `size` bytes at the scanner's line-buffer address, holding what the previous
   * one held (memory grows in place); previous views are invalid afterwards.
   */
  lineBuffer(size: number): Buffer {
    const memory = this.ex.memory;
    const need = this.buf + size + SLACK;
    if (need > memory.buffer.byteLength) memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
    return Buffer.from(memory.buffer, this.buf, size);
  }

  /**
   * Outputs of the last accepted line: f64 lists A, B, C and the i32 results (indices in
   * {@link RESULT}; id positions are memory addresses). Views are renewed after memory growth.
   */
  outputs(): { a: Float64Array; b: Float64Array; c: Float64Array; results: Int32Array } {
    const buffer = this.ex.memory.buffer;
    if (this.views === null || this.views.buffer !== buffer) {
      const ex = this.ex;
      this.views = {
        buffer,
        a: new Float64Array(buffer, ex.OUT_A.value, this.cap),
        b: new Float64Array(buffer, ex.OUT_B.value, this.cap),
        c: new Float64Array(buffer, ex.OUT_C.value, this.cap),
        results: new Int32Array(buffer, ex.RES.value, 8),
      };
    }
    return this.views;
  }
}

const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), "wasm", "line-scan.as.ts");

/** asc options: speed, no runtime (the scanner allocates nothing), room for outputs and a 1 MiB line buffer. */
export const LINE_SCAN_ASC_OPTIONS = ["-O3", "--runtime", "stub", "--noAssert", "--initialMemory", "48"];

/** Compiles the AssemblyScript source to WebAssembly bytes (needs the `assemblyscript` package). */
export async function compileLineScan(source: string = SOURCE): Promise<Uint8Array> {
  const { default: asc } = await import("assemblyscript/asc");
  let binary: Uint8Array | null = null;
  let errors = "";
  const result = await asc.main([source, "--outFile", "line-scan.wasm", ...LINE_SCAN_ASC_OPTIONS], {
    writeFile(name: string, contents: string | Uint8Array) {
      if (name.endsWith(".wasm") && typeof contents !== "string") binary = contents;
    },
    stderr: { write: (s: string) => ((errors += s), true) },
    stdout: { write: () => true },
  } as never);
  if (result.error || binary === null) throw new Error(`cannot compile ${source}: ${result.error?.message ?? errors}`);
  return binary;
}

/**
 * The compiled scanner: from the bundle, else from the cache, else (unless `compile` is false:
 * then null) compiled now, which takes seconds, and cached. scripts/score-build.ts embeds it.
 */
export async function lineScanBytes(compile = true): Promise<Uint8Array<ArrayBuffer> | null> {
  if (typeof __PLAYHEAD_LINE_SCAN_WASM__ === "string") return new Uint8Array(Buffer.from(__PLAYHEAD_LINE_SCAN_WASM__, "base64"));
  const source = readFileSync(SOURCE);
  const hash = createHash("sha256").update(source).update(LINE_SCAN_ASC_OPTIONS.join(" ")).digest("hex").slice(0, 16);
  const cacheDir = resolve(dirname(SOURCE), "..", "..", "..", "node_modules", ".cache", "playhead");
  const cached = join(cacheDir, `line-scan-${hash}.wasm`);
  if (existsSync(cached)) return new Uint8Array(readFileSync(cached));
  if (!compile) return null;
  const bytes = await compileLineScan();
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, cached);
  // Builds of earlier versions of the source are of no further use.
  for (const name of readdirSync(cacheDir)) {
    if (/^line-scan-[0-9a-f]{16}\.wasm$/.test(name) && join(cacheDir, name) !== cached) rmSync(join(cacheDir, name), { force: true });
  }
  return new Uint8Array(bytes);
}

let pending: Promise<WebAssembly.Module | null> | null = null;

/**
 * A fresh scanner instance, or null when the module cannot be had (then the JavaScript scanner
 * does all the work, with the same results). `compile`: compile it from source when neither
 * the bundle nor the cache has it (seconds: worth it for large files only).
 * `PLAYHEAD_LINE_SCAN=off` disables it (for comparisons).
 */
export async function loadLineScan(compile = true): Promise<LineScan | null> {
  if (process.env.PLAYHEAD_LINE_SCAN === "off") return null;
  if (pending === null) {
    const bytes = await lineScanBytes(compile).catch(() => null);
    if (bytes === null) return null;
    pending = WebAssembly.compile(bytes).catch(() => null);
  }
  const module = await pending;
  if (!module) return null;
  const instance = await WebAssembly.instantiate(module, {
    env: {
      abort() {
        throw new Error("line scanner aborted");
      },
    },
  });
  return new LineScan(instance.exports as unknown as Exports);
}
