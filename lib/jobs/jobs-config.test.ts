import { describe, expect, it } from "vitest";
import { parseJobsConfig } from "./jobs-config";

const defaults = { instanceId: "host:1" };

describe("parseJobsConfig", () => {
  it("has working defaults", () => {
    expect(parseJobsConfig({}, defaults)).toEqual({
      runner: true,
      pollMs: 2_000,
      leaseMs: 60_000,
      backoffMs: 10_000,
      backoffMaxMs: 3_600_000,
      mediaConcurrency: 2,
      concurrency: {},
      shutdownGraceMs: 5_000,
      awaitMs: 900_000,
      retentionDays: 14,
      instanceId: "host:1",
    });
  });

  it("reads every variable", () => {
    const c = parseJobsConfig(
      { PLAYHEAD_JOBS_RUNNER: "off", PLAYHEAD_JOBS_LEASE_MS: "500", PLAYHEAD_JOBS_CONCURRENCY: "video.ingest=1, runs.rescore=4", PLAYHEAD_INSTANCE_ID: " web-2 ", PLAYHEAD_JOBS_SHUTDOWN_GRACE_MS: "0" },
      defaults,
    );
    expect(c).toMatchObject({ runner: false, leaseMs: 500, concurrency: { "video.ingest": 1, "runs.rescore": 4 }, instanceId: "web-2", shutdownGraceMs: 0 });
  });

  it("names the variable and the value when one is bad", () => {
    expect(() => parseJobsConfig({ PLAYHEAD_JOBS_POLL_MS: "fast" }, defaults)).toThrow(/PLAYHEAD_JOBS_POLL_MS must be a whole number ≥ 10, got "fast"/);
    expect(() => parseJobsConfig({ PLAYHEAD_JOBS_RUNNER: "maybe" }, defaults)).toThrow(/PLAYHEAD_JOBS_RUNNER must be "on" or "off"/);
    expect(() => parseJobsConfig({ PLAYHEAD_JOBS_CONCURRENCY: "video.ingest:1" }, defaults)).toThrow(/PLAYHEAD_JOBS_CONCURRENCY must be a list/);
    expect(() => parseJobsConfig({ PLAYHEAD_JOBS_LEASE_MS: "5" }, defaults)).toThrow(/PLAYHEAD_JOBS_LEASE_MS/);
  });
});
