/**
 * Speed of the review engine on a synthetic project (figures only; nothing asserted):
 *
 *   npm run bench:review [-- --items N] [--resamples B] [--seed S]
 *
 * Generates N items (default 10,000; benchmark mix of lib/review/synthetic.ts) with two
 * annotations each, then times: compareAnnotations for every item, autoMerge of the agreed
 * items, the differences of the disputed ones, and buildDashboard with B bootstrap resamples
 * (default 1000). Target: compare + dashboard < 2 s. Prints the timings, the machine's load and
 * the project-level figures with their 95 % intervals. Wall and CPU time are both printed: on a
 * shared machine with a high load average the wall time mostly measures waiting for a core.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { decodeDerived, encodeDerived } from "@/lib/derived/derived-json";
import { autoMerge } from "@/lib/review/apply-picks";
import { compareAnnotations } from "@/lib/review/compare";
import type { Comparison } from "@/lib/review/comparison-types";
import { buildDashboard, type DashboardRecord } from "@/lib/review/dashboard";
import { listDifferences } from "@/lib/review/differences";
import { figuresCsv } from "@/lib/review/export";
import { syntheticProject } from "@/lib/review/synthetic";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) {
    process.stderr.write(`bench:review: ${name} must be a positive integer\n`);
    process.exit(2);
  }
  return v;
}

const items = arg("--items", 10_000);
const resamples = arg("--resamples", 1000);
const seed = arg("--seed", 1);

const t0 = performance.now();
const project = syntheticProject(items, seed);
const t1 = performance.now();
const c1 = process.cpuUsage();
const comparisons: Comparison[] = project.map((it) => compareAnnotations(it.documents, { fps: it.fps, frameCount: it.frameCount }));
const t2 = performance.now();
const c2 = process.cpuUsage(c1);
let merged = 0;
let differences = 0;
comparisons.forEach((c, i) => {
  const it = project[i];
  if (c.verdict === "agreed") {
    const r = autoMerge(it.documents, { fps: it.fps, frameCount: it.frameCount }, c);
    if (r.ok) merged += 1;
  } else differences += listDifferences(c).length;
});
const t3 = performance.now();
const c3 = process.cpuUsage();
const records: DashboardRecord[] = comparisons.map((c, i) => ({ itemId: project[i].itemId, annotators: [...project[i].annotators], comparison: c }));
const dashboard = buildDashboard(records, [], { resamples });
const t4 = performance.now();
const c4 = process.cpuUsage(c3);
const cpu = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
// What the agreement page pays instead once the dashboard is stored (lib/derived, DerivedResult):
// decoding the stored JSON (plus one row read, and hashing the inputs' versions: a few values per row).
const stored = encodeDerived(dashboard);
const t7 = performance.now();
decodeDerived(stored);
const t8 = performance.now();

const marks = project.reduce((s, it) => s + it.documents.reduce((x, d) => x + (d.benchmark === "VCBENCH" ? d.moments.length + d.occurrences.length : 0), 0), 0);
const agreed = comparisons.filter((c) => c.verdict === "agreed").length;
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");
console.log(`bench:review  items ${items} x 2 annotations (${marks} VCBench marks/spans), seed ${seed}, resamples ${resamples}, load ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(`  generate          ${(t1 - t0).toFixed(0)} ms (not counted)`);
console.log(`  compare all       ${(t2 - t1).toFixed(0)} ms wall, ${cpu(c2).toFixed(0)} ms CPU  (${agreed} agreed, ${items - agreed} disputed)`);
console.log(`  merge + diffs     ${(t3 - t2).toFixed(0)} ms  (${merged} merged, ${differences} differences listed)`);
console.log(`  dashboard + CIs   ${(t4 - t3).toFixed(0)} ms wall, ${cpu(c4).toFixed(0)} ms CPU  (${dashboard.figures.length} figures)`);
console.log(`  stored dashboard  ${(stored.length / 1024).toFixed(0)} KiB, read back in ${(t8 - t7).toFixed(0)} ms (every load after the first until the inputs change: lib/derived)`);
console.log(`  compare+dashboard ${(t2 - t1 + (t4 - t3)).toFixed(0)} ms wall, ${(cpu(c2) + cpu(c4)).toFixed(0)} ms CPU  (target < 2000 ms; on a loaded machine wall time overstates it)`);
console.log("  project figures (estimate [95 % CI], items):");
for (const f of dashboard.figures.filter((x) => x.scope === "project")) {
  console.log(`    ${f.benchmark.padEnd(9)} ${f.kind.padEnd(10)} ${(f.facet ?? "").padEnd(26)} ${f.statistic.padEnd(20)} ${fmt(f.estimate)} [${fmt(f.lower)}, ${fmt(f.upper)}]  n=${f.items}`);
}
console.log("  disputed rate by subtype:");
for (const r of dashboard.disputedRates) console.log(`    ${r.benchmark.padEnd(9)} ${(r.subtype ?? "").padEnd(12)} ${fmt(r.rate)} [${fmt(r.lower)}, ${fmt(r.upper)}]  n=${r.items}`);
console.log(`  figures CSV: ${figuresCsv(dashboard).length} bytes`);
