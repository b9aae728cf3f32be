import { describe, expect, it } from "vitest";
import { kindFromParam, kindInfo, kindShortName, PROJECT_KINDS } from "./kinds";
import { maxBenchmarkBytes } from "./upload-limits";

describe("benchmark kinds", () => {
  it("offers the five benchmarks and custom, spelled loosely", () => {
    expect(PROJECT_KINDS.map((k) => k.param)).toEqual(["vcbench", "ecbench", "tocbench", "vstat", "vsas", "custom"]);
    expect(kindFromParam("EC-Bench")).toBe("ECBENCH");
    expect(kindFromParam(" toc_bench ")).toBe("TOCBENCH");
    expect(kindFromParam("vsas")).toBe("VSAS");
    expect(kindFromParam("imagenet")).toBeNull();
    expect(kindFromParam("")).toBeNull();
    expect(kindShortName("VSTAT")).toBe("VSTAT");
    expect(kindInfo("ECBENCH").exportExt).toBe("csv");
  });

  it("reads the benchmark upload limit", () => {
    expect(maxBenchmarkBytes({})).toBe(64 * 1024 * 1024);
    expect(maxBenchmarkBytes({ PLAYHEAD_MAX_BENCHMARK_BYTES: "1000" })).toBe(1000);
    expect(maxBenchmarkBytes({ PLAYHEAD_MAX_BENCHMARK_BYTES: "-5" })).toBe(64 * 1024 * 1024);
  });
});
