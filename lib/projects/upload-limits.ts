/**
 * Size limit of an uploaded benchmark file.
 *
 *   PLAYHEAD_MAX_BENCHMARK_BYTES   default 67108864 (64 MiB)
 *
 * The published annotation files are 0.4-1.4 MB; the limit leaves ample room while keeping a
 * whole-document JSON parse (TOC-Bench, VSTAT) well under a second. Larger uploads are refused
 * with 413 before or while they arrive, never written whole.
 */
export const DEFAULT_MAX_BENCHMARK_BYTES = 64 * 1024 * 1024;

export function maxBenchmarkBytes(source: Record<string, string | undefined> = process.env): number {
  const raw = source.PLAYHEAD_MAX_BENCHMARK_BYTES?.trim();
  if (!raw) return DEFAULT_MAX_BENCHMARK_BYTES;
  const n = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_BENCHMARK_BYTES;
}
