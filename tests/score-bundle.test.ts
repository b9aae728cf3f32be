import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildScoreBundle } from "@/scripts/score-build";
import { scoreFiles } from "@/lib/score-cli/vcbench";

/**
 * `npm run score:build` (also what `bench:metrics` runs): the bundle scores the VCBench
 * fixtures to the same JSON as the library in this process.
 */
const dir = mkdtempSync(join(tmpdir(), "playhead-score-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("score bundle", () => {
  it("runs with node alone, scores like the library", async () => {
    const bundle = await buildScoreBundle(join(dir, "score.mjs"));
    const truth = "tests/fixtures/vcbench/vcbench_data.jsonl";
    for (const preds of ["tests/fixtures/vcbench/preds-unified.jsonl", "tests/fixtures/vcbench/preds-malformed.jsonl"]) {
      const perQuestion = join(dir, "pq.jsonl");
      const r = spawnSync(process.execPath, [bundle, "--benchmark", "vcbench", "--truth", truth, "--preds", preds, "--per-question", perQuestion, "--json", "--timings"], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^timings: start-up \d+ ms, read truth \d+ ms/m);
      const fromBundle = JSON.parse(r.stdout);
      const inProcess = await scoreFiles({ truth, preds, perQuestionOut: join(dir, "pq-lib.jsonl") });
      // The command line adds the problems (fewer than its limit of 1000 here) to the result.
      expect(inProcess.problems.length).toBeLessThan(1000);
      expect(fromBundle).toEqual({ ...inProcess.result, problems: inProcess.problems });
      expect(readFileSync(perQuestion, "utf8")).toBe(readFileSync(join(dir, "pq-lib.jsonl"), "utf8"));
    }
  }, 180_000);
});
