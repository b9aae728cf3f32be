// Adds up the JSON reports of every test run in a directory and prints one closing line
// "N passed, N failed" (", N skipped"). Exits 1 when any run failed or reported nothing.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-reports";
let passed = 0, failed = 0, skipped = 0;
const lines = [];
for (const name of readdirSync(dir).sort()) {
  const file = path.join(dir, name);
  if (name.endsWith(".txt")) {
    const m = readFileSync(file, "utf8").match(/(\d+) passed, (\d+) failed/);
    if (m) { passed += +m[1]; failed += +m[2]; lines.push(`${name}: ${m[0]}`); }
    continue;
  }
  if (!name.endsWith(".json")) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats) {
    // Playwright
    const p = report.stats.expected + (report.stats.flaky ?? 0), f = report.stats.unexpected, s = report.stats.skipped;
    passed += p; failed += f; skipped += s;
    lines.push(`${name}: ${p} passed, ${f} failed, ${s} skipped`);
  } else {
    // Vitest (jest-compatible JSON); a file that failed to load counts as a failure.
    const p = report.numPassedTests;
    const s = report.numPendingTests + (report.numTodoTests ?? 0);
    const suiteErrors = (report.testResults ?? []).filter((r) => r.status === "failed" && (r.assertionResults ?? []).every((a) => a.status !== "failed")).length;
    passed += p; failed += report.numFailedTests + suiteErrors; skipped += s;
    lines.push(`${name}: ${p} passed, ${report.numFailedTests + suiteErrors} failed, ${s} skipped`);
  }
}
for (const l of lines) console.log(l);
if (existsSync(path.join(dir, "e2e.log")) && !existsSync(path.join(dir, "e2e.json"))) {
  console.log("e2e: no report found");
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
