import type { Problem } from "@/lib/metrics/problems";

/** How many problems a scorer keeps in detail; the rest are only counted. */
export const DEFAULT_PROBLEM_CAP = 1000;

/**
 * Collects problems while a file is read: keeps the first `cap` in detail (in the order
 * found) and counts all of them per code, so that a file with a million bad lines does
 * not exhaust memory or flood the output.
 */
export class ProblemLog {
  readonly list: Problem[] = [];
  readonly counts: Record<string, number> = {};
  omitted = 0;

  constructor(readonly cap: number = DEFAULT_PROBLEM_CAP) {}

  /** True while problems are still kept in detail (build costly messages only then). */
  get hasRoom(): boolean {
    return this.list.length < this.cap;
  }

  /** Counts a problem of kind `code` without keeping its details. */
  count(code: string): void {
    this.counts[code] = (this.counts[code] ?? 0) + 1;
    this.omitted += 1;
  }

  add(problem: Problem): void {
    this.counts[problem.code] = (this.counts[problem.code] ?? 0) + 1;
    if (this.list.length < this.cap) this.list.push(problem);
    else this.omitted += 1;
  }

  addAll(problems: Iterable<Problem>): void {
    for (const p of problems) this.add(p);
  }

  get total(): number {
    return this.list.length + this.omitted;
  }
}
