/**
 * Prints the functions with the most self time of a .cpuprofile file (e.g. the bench server's,
 * BENCH_SERVER_CPU_PROF=DIR npm run bench:baseline ...):
 *   npx tsx scripts/bench/summarize-cpu-profile.ts FILE [TOP]
 */
import { readFileSync } from "node:fs";
import { printSelfTime } from "./cpu-profile";

const [file, top] = process.argv.slice(2);
if (!file) {
  console.error("usage: summarize-cpu-profile FILE [TOP]");
  process.exit(2);
}
printSelfTime(JSON.parse(readFileSync(file, "utf8")), file, Number(top ?? 40));
