import { db, testDb } from "@/tests/support/test-db";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tableCounts } from "./support/import-counts";

// Imports of whole files (and CLI runs) on a loaded machine can take a while.
vi.setConfig({ testTimeout: 300_000 });

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/import", name);

/** Runs `npm run --silent <script> -- ...args` against this file's scratch database. */
function npmRun(script: "import" | "export", args: string[]) {
  const r = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: testDb.url, PLAYHEAD_DATA_DIR: testDb.dataDir },
    encoding: "utf8",
    timeout: 280_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("npm run import", () => {
  it("--dry-run --json prints ONE JSON object with the contract's keys and writes nothing", async () => {
    const r = npmRun("import", ["--benchmark", "vcbench", "--file", fixture("vcbench_data.jsonl"), "--project", "cli", "--dry-run", "--json"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]);
    expect(out).toMatchObject({ items: 11, query_points: 50, videos_referenced: 9, errors: [] });
    expect(out.warnings.length).toBeGreaterThan(0);
    for (const w of out.warnings) expect(Object.keys(w)).toEqual(expect.arrayContaining(["code", "item_id", "line", "message"]));
    expect(out.warnings.map((w: { code: string }) => w.code)).toContain("count_disagrees_with_rule");
    expect(out).toMatchObject({ dry_run: true, created: 11, import_job_id: null });
    expect(await tableCounts()).toMatchObject({ project: 0, item: 0, importJob: 0 });
  });

  it("exits 1 with the errors of a broken file, and writes nothing", async () => {
    const r = npmRun("import", ["--benchmark", "ecbench", "--file", fixture("broken/ec_broken_quote.csv"), "--project", "cli", "--json"]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.errors).toEqual([expect.objectContaining({ code: "malformed_csv", line: 14, item_id: null })]);
    expect((await tableCounts()).item).toBe(0);
  });

  it("imports, then re-imports unchanged; the human summary names counts and warnings", async () => {
    const first = npmRun("import", ["--benchmark", "tocbench", "--file", fixture("toc_answer_final.json"), "--project", "cli-toc", "--json"]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ items: 10, created: 10, errors: [] });
    expect(await db.item.count({ where: { project: { name: "cli-toc" } } })).toBe(10);
    const again = npmRun("import", ["--benchmark", "tocbench", "--file", fixture("toc_answer_final.json"), "--project", "cli-toc"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/items 10, query points 0, videos referenced 10/);
    expect(again.stdout).toMatch(/created 0, updated 0, unchanged 10/);
    expect(again.stdout).toMatch(/warnings 1: answer_not_allowed 1/);
  });

  it("rejects bad arguments with exit code 1", () => {
    const r = npmRun("import", ["--benchmark", "mmlu", "--file", fixture("vcbench_data.jsonl"), "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).errors[0]).toMatchObject({ code: "usage" });
    expect(npmRun("import", ["--benchmark", "vcbench"]).code).toBe(1);
  });
});

describe("npm run export", () => {
  it("writes the native file of a project; unknown projects exit 1", () => {
    const out = path.join(testDb.dataDir, "..", "toc-export.json");
    const r = npmRun("export", ["--project", "cli-toc", "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote 10 items/);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(JSON.parse(readFileSync(fixture("toc_answer_final.json"), "utf8")));
    const missing = npmRun("export", ["--project", "nope", "--out", out, "--json"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout).errors[0].code).toBe("unknown_project");
  });
});
