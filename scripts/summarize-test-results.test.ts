import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = path.join(__dirname, "summarize-test-results.mjs");
const dirs: string[] = [];

function summarize(files: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-summary-"));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof body === "string" ? body : JSON.stringify(body));
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: run.status, out: run.stdout };
}

const vitestReport = (failed: boolean) => ({
  numPassedTests: 2,
  numFailedTests: failed ? 1 : 0,
  numPendingTests: 0,
  testResults: [
    {
      name: path.join(process.cwd(), "lib/x.test.ts"),
      status: failed ? "failed" : "passed",
      assertionResults: [
        { status: "passed", fullName: "x adds" },
        { status: "passed", fullName: "x subtracts" },
        ...(failed ? [{ status: "failed", fullName: "x divides by zero", failureMessages: ["\nAssertionError: expected NaN to be 0\n    at x.test.ts:9"] }] : []),
      ],
    },
  ],
});

const playwrightReport = (failed: boolean) => ({
  stats: { expected: 3, unexpected: failed ? 1 : 0, flaky: 1, skipped: 0 },
  suites: [
    {
      title: "annotate.spec.ts",
      specs: [{ title: "marks a frame", tests: [{ status: "expected", results: [{}] }] }],
      suites: [
        {
          title: "keyboard",
          specs: [{ title: "steps back", tests: [{ status: failed ? "unexpected" : "expected", results: [{ error: { message: "Error: expect(received).toBe(expected)\nExpected: 30" } }] }] }],
        },
      ],
    },
  ],
});

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("summarize-test-results", () => {
  it("adds up every report and exits 0 when nothing failed (a flaky retry counts as passed)", () => {
    const { status, out } = summarize({ "unit.json": vitestReport(false), "e2e-1.json": playwrightReport(false), "e2e-1.log": "" });
    expect(status).toBe(0);
    expect(out).toContain("unit.json: 2 passed, 0 failed, 0 skipped");
    expect(out).toContain("e2e-1.json: 4 passed, 0 failed, 0 skipped");
    expect(out.trim().split("\n").at(-1)).toBe("6 passed, 0 failed, 0 skipped");
    expect(out).not.toContain("failed:");
  });

  it("names each failed test with its file and the first line of its error", () => {
    const { status, out } = summarize({ "unit.json": vitestReport(true), "e2e-2.json": playwrightReport(true) });
    expect(status).toBe(1);
    expect(out).toContain("✗ unit.json lib/x.test.ts › x divides by zero: AssertionError: expected NaN to be 0");
    expect(out).toContain("✗ annotate.spec.ts › keyboard › steps back: Error: expect(received).toBe(expected)");
  });

  it("counts a shard whose log is there and whose report is not as a failure", () => {
    const { status, out } = summarize({ "unit.json": vitestReport(false), "e2e-1.json": playwrightReport(false), "e2e-2.log": "[shard 2] crashed" });
    expect(status).toBe(1);
    expect(out).toContain("e2e-2: no report found");
  });
});
