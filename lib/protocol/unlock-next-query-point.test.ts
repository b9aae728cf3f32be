import { describe, expect, it } from "vitest";
import { unlockNextQueryPoint } from "./unlock-next-query-point";

const now = new Date("2026-11-29T04:00:00.000Z");

describe("unlockNextQueryPoint", () => {
  it("streaming: the answer releases the next stretch and bumps the version", () => {
    expect(unlockNextQueryPoint({ version: 5, answeredIndex: 0, protocol: "STREAMING", askCount: 4, now })).toEqual({
      answeredIndex: 1,
      unlockedIndex: 2,
      version: 6,
      completed: false,
      status: "ACTIVE",
      finishedAt: null,
    });
  });

  it("streaming: answering the last ask completes the session at now", () => {
    expect(unlockNextQueryPoint({ version: 9, answeredIndex: 1, protocol: "STREAMING", askCount: 3, now })).toEqual({
      answeredIndex: 2,
      unlockedIndex: 3,
      version: 10,
      completed: true,
      status: "COMPLETED",
      finishedAt: now,
    });
  });

  it("free rewatch: every ask stays unlocked", () => {
    expect(unlockNextQueryPoint({ version: 0, answeredIndex: -1, protocol: "FREE_REWATCH", askCount: 5, now })).toMatchObject({
      answeredIndex: 0,
      unlockedIndex: 5,
      completed: false,
    });
  });
});
