import { describe, expect, it } from "vitest";
import { nextUnjudged } from "./next-unjudged";

const tasks = [
  { itemId: "a", seconds: [{ t: 0 }, { t: 1 }] },
  { itemId: "b", seconds: [{ t: 0 }, { t: 1 }] },
];

describe("nextUnjudged", () => {
  it("finds the next second not judged, across tasks and wrapping around", () => {
    const judged = new Set(["a|1", "b|0"]);
    const isJudged = (id: string, t: number) => judged.has(`${id}|${t}`);
    expect(nextUnjudged(tasks, { task: 0, second: 0 }, isJudged)).toEqual({ task: 1, second: 1 });
    expect(nextUnjudged(tasks, { task: 1, second: 1 }, isJudged)).toEqual({ task: 0, second: 0 });
  });

  it("stays put when everything is judged", () => {
    expect(nextUnjudged(tasks, { task: 1, second: 0 }, () => true)).toEqual({ task: 1, second: 0 });
  });
});
