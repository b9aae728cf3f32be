import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..");
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", join(root, "scripts", "agreement.ts"), ...args], { cwd: root, input, encoding: "utf8" });

describe("npm run agreement", () => {
  it("reads cases from stdin and prints one JSON array", () => {
    const r = run(["--input", "-", "--json"], JSON.stringify([{ measure: "counts", a: [1, 2], b: [1, 3] }, { measure: "x" }]));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(out[0]).toEqual({ exact: 0.5, quadratic_kappa: expect.any(Number), mean_abs_difference: 0.5 });
    expect(out[1].error).toMatch(/^case 1: measure/);
  }, 30_000);

  it("--help documents every measure; a non-array input exits 2 with a message", () => {
    const h = run(["--help"]);
    expect(h.status).toBe(0);
    for (const m of ["cohen", "fleiss", "krippendorff", "timestamps", "spans"]) expect(h.stdout).toContain(`"measure": "${m}"`);
    const bad = run(["--input", "-", "--json"], "{}");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/must hold a JSON array/);
  }, 30_000);
});
