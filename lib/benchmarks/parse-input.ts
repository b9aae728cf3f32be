/**
 * One entry point per input form for all five kinds: `parseBenchmarkText` (in-memory
 * text; tests, uploads) — the file reader `parse-file.ts` streams real files.
 */
import { parseEcbench } from "./ecbench/parse";
import { linesOf } from "./text-lines";
import { parseTocbench } from "./tocbench/parse";
import type { BenchmarkKindName, ParseResult } from "./types";
import { parseVcbench } from "./vcbench/parse";
import { parseVsas } from "./vsas/parse";
import { parseVstat } from "./vstat/parse";

export async function parseBenchmarkText(kind: BenchmarkKindName, text: string): Promise<ParseResult> {
  switch (kind) {
    case "VCBENCH":
      return parseVcbench(linesOf(text));
    case "TOCBENCH":
      return parseTocbench(text);
    case "ECBENCH":
      return parseEcbench(text);
    case "VSTAT":
      return parseVstat(text);
    case "VSAS":
      return parseVsas(linesOf(text));
  }
}
