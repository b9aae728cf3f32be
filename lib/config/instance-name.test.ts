import { describe, expect, it } from "vitest";
import { instanceNameFrom } from "./instance-name";

describe("instanceNameFrom", () => {
  it("is null when PLAYHEAD_INSTANCE_ID is unset or blank", () => {
    expect(instanceNameFrom({})).toBeNull();
    expect(instanceNameFrom({ PLAYHEAD_INSTANCE_ID: "  \t " })).toBeNull();
  });

  it("trims, keeps at most 120 characters and replaces what a header cannot carry", () => {
    expect(instanceNameFrom({ PLAYHEAD_INSTANCE_ID: "  app-1 " })).toBe("app-1");
    expect(instanceNameFrom({ PLAYHEAD_INSTANCE_ID: "x".repeat(200) })).toBe("x".repeat(120));
    expect(instanceNameFrom({ PLAYHEAD_INSTANCE_ID: "app 2\r\nX-Evil: 1é" })).toBe("app_2__X-Evil:_1_");
  });
});
