import "server-only";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { readLines } from "@/lib/scoring/read-lines";
import { parseEcbench } from "./ecbench/parse";
import { issue } from "./issues";
import { parseTocbench } from "./tocbench/parse";
import type { BenchmarkKindName, ParseResult } from "./types";
import { parseVcbench } from "./vcbench/parse";
import { parseVsas } from "./vsas/parse";
import { parseVstat } from "./vstat/parse";

/**
 * Parses a benchmark file from disk: JSONL kinds (VCBench, VSAS) line by line, EC-Bench
 * CSV as a byte stream through csv-parse, JSON documents (TOC-Bench, VSTAT) read whole.
 * A file that cannot be read gives the error `file_unreadable` (never a throw).
 */
export async function parseBenchmarkFile(kind: BenchmarkKindName, path: string): Promise<ParseResult> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw Object.assign(new Error("not a regular file"), { code: "EISDIR" });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason = e.code === "ENOENT" ? "no such file" : e.code === "EISDIR" ? "not a regular file" : e.code === "EACCES" ? "permission denied" : e.message;
    return { items: [], warnings: [], errors: [issue("file_unreadable", `cannot read ${path}: ${reason}`)], meta: { fileKind: "unknown" } };
  }
  switch (kind) {
    case "VCBENCH":
      return parseVcbench(readLines(path));
    case "VSAS":
      return parseVsas(readLines(path));
    case "ECBENCH":
      return parseEcbench(createReadStream(path));
    case "TOCBENCH":
      return parseTocbench(await readFile(path, "utf8"));
    case "VSTAT":
      return parseVstat(await readFile(path, "utf8"));
  }
}
