import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The frame rate of a video is derived in one place (frame-rate.ts). This guard fails when a
 * module outside it computes a rate again: frames divided by duration, or a rate string parsed
 * with `rateValue` (except the probe table, which shows the nominal rate as ffprobe wrote it).
 */
const ROOT = join(__dirname, "..", "..");
const ALLOWED = new Set(["lib/video-library/frame-rate.ts", "lib/video-library/probe-summary.ts", "app/(app)/videos/_components/probe-table.tsx"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" || name === "node_modules" ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("frame rate: one rule", () => {
  it("no module but frame-rate.ts derives a video's frame rate", () => {
    const offenders: string[] = [];
    for (const file of ["lib", "app", "components"].flatMap((d) => sources(join(ROOT, d)))) {
      const rel = relative(ROOT, file);
      if (ALLOWED.has(rel)) continue;
      const text = readFileSync(file, "utf8");
      text.split("\n").forEach((line, i) => {
        if (/frameCount\s*\/\s*[\w.]*durationSec/.test(line) || /\brateValue\(/.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
