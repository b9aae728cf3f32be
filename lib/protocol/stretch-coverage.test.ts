import { describe, expect, it } from "vitest";
import { stretchCoverage } from "./stretch-coverage";

describe("stretchCoverage", () => {
  const stretch = { first: 2, last: 5 };

  it("is full when every segment of the stretch was served, or the stretch is empty", () => {
    expect(stretchCoverage(stretch, [2, 3, 4, 5])).toEqual({ kind: "full" });
    expect(stretchCoverage(stretch, [1, 2, 3, 4, 5])).toEqual({ kind: "full" });
    expect(stretchCoverage({ first: 3, last: 2 }, [])).toEqual({ kind: "full" });
  });

  it("is pending (may still be served) while the segment ending at the query point was not served", () => {
    expect(stretchCoverage(stretch, [])).toEqual({ kind: "pending", unserved: [2, 3, 4, 5] });
    expect(stretchCoverage(stretch, [2, 3])).toEqual({ kind: "pending", unserved: [4, 5] });
    // a gap and an unserved tail: the tail can still come, so not yet decided
    expect(stretchCoverage(stretch, [3])).toEqual({ kind: "pending", unserved: [2, 4, 5] });
  });

  it("is lost when the last segment was served but an earlier one never was (it never can be)", () => {
    expect(stretchCoverage(stretch, [5])).toEqual({ kind: "lost", missing: [2, 3, 4] });
    expect(stretchCoverage(stretch, [2, 4, 5])).toEqual({ kind: "lost", missing: [3] });
  });
});
