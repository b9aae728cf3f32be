// Adds up the JSON reports of every test run in a directory and prints one closing line
// "N passed, N failed" (", N skipped"). Exits 1 when any run failed or reported nothing.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-reports";
let passed = 0, failed = 0, skipped = 0;
const lines = [];
/** Each failed test by name and the first line of its error, so the end of a CI log says what broke. */
const failures = [];
const firstLine = (text) => String(text ?? "").split("\n").find((l) => l.trim() !== "")?.trim().slice(0, 300) ?? "";

/** Playwright's report nests suites (file, describe) around specs; a spec's tests carry their results. */
function playwrightFailures(suites, titles = []) {
  for (const suite of suites ?? []) {
    const trail = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const error = (t.results ?? []).map((r) => r.error?.message).find(Boolean);
        failures.push(`${[...trail, spec.title].join(" › ")}: ${firstLine(error)}`);
      }
    }
    playwrightFailures(suite.suites, trail);
  }
}
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
    playwrightFailures(report.suites);
  } else {
    // Vitest (jest-compatible JSON); a file that failed to load counts as a failure.
    const p = report.numPassedTests;
    const s = report.numPendingTests + (report.numTodoTests ?? 0);
    const suiteErrors = (report.testResults ?? []).filter((r) => r.status === "failed" && (r.assertionResults ?? []).every((a) => a.status !== "failed")).length;
    passed += p; failed += report.numFailedTests + suiteErrors; skipped += s;
    lines.push(`${name}: ${p} passed, ${report.numFailedTests + suiteErrors} failed, ${s} skipped`);
    for (const file of report.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name ?? "");
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
      for (const a of failedTests) failures.push(`${name} ${where} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
      if (file.status === "failed" && failedTests.length === 0) failures.push(`${name} ${where}: ${firstLine(file.message)}`);
    }
  }
}
for (const l of lines) console.log(l);
// A Playwright run that died before writing its report (its log is there, its JSON is not).
for (const name of readdirSync(dir).filter((n) => /^e2e(-\d+)?\.log$/.test(n))) {
  if (!existsSync(path.join(dir, name.replace(/\.log$/, ".json")))) {
    console.log(`${name.replace(/\.log$/, "")}: no report found`);
    failed += 1;
  }
}
if (failures.length > 0) {
  console.log("failed:");
  for (const f of failures) console.log(`  ✗ ${f}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
