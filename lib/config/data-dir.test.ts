import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDir, resolveDataDir } from "./data-dir";
import { parseConfig } from "./env";

describe("data directory", () => {
  const saved = process.env.PLAYHEAD_DATA_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.PLAYHEAD_DATA_DIR;
    else process.env.PLAYHEAD_DATA_DIR = saved;
  });

  it("is PLAYHEAD_DATA_DIR resolved against the working directory, else <cwd>/data", () => {
    expect(resolveDataDir("/srv/playhead", "/app")).toBe("/srv/playhead");
    expect(resolveDataDir("data/e2e", "/app")).toBe("/app/data/e2e");
    expect(resolveDataDir(undefined, "/app")).toBe("/app/data");
    expect(resolveDataDir("  ", "/app")).toBe("/app/data");
  });

  it("is read live from the environment, and the configuration agrees with it", () => {
    process.env.PLAYHEAD_DATA_DIR = "/tmp/playhead-a";
    expect(dataDir()).toBe("/tmp/playhead-a");
    process.env.PLAYHEAD_DATA_DIR = "/tmp/playhead-b";
    expect(dataDir()).toBe("/tmp/playhead-b");
    expect(parseConfig({ PLAYHEAD_DATA_DIR: "/tmp/playhead-b" }).dataDir).toBe(dataDir());
    delete process.env.PLAYHEAD_DATA_DIR;
    expect(dataDir()).toBe(path.join(process.cwd(), "data"));
    expect(parseConfig({}).dataDir).toBe(dataDir());
  });
});
