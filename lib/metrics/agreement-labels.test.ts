import { describe, expect, it } from "vitest";
import * as agreement from "./agreement";
import { assertLabel, compareLabels, indexCategories, inferCategories, isMissing } from "./agreement-labels";

describe("agreement labels", () => {
  it("orders inferred categories like numpy.unique: numbers ascending, strings by code point", () => {
    expect(inferCategories([[10, 2, 1], [2, -3]], "t")).toEqual([-3, 1, 2, 10]);
    expect(inferCategories([[true, false]], "t")).toEqual([false, true]);
    // U+FF5E sorts before U+1F600 by code point, although UTF-16 code units say otherwise
    expect(inferCategories([["\u{1F600}", "\uFF5E", "b", "B"]], "t")).toEqual(["B", "b", "\uFF5E", "\u{1F600}"]);
    expect(inferCategories([["x", 1, true]], "t")).toEqual([true, 1, "x"]);
    expect(() => inferCategories([["x", 1]], "t", true)).toThrow(/t: labels mix number and string values/);
    expect(inferCategories([[null, 1, undefined, Number.NaN]], "t")).toEqual([1]);
    expect(compareLabels(2, 10)).toBeLessThan(0);
  });

  it("validates labels and category lists", () => {
    expect(isMissing(null) && isMissing(undefined) && isMissing(Number.NaN)).toBe(true);
    expect(isMissing(0) || isMissing("")).toBe(false);
    expect(() => assertLabel(Infinity, "here")).toThrow(/here: Infinity is not a valid label/);
    expect(() => assertLabel({}, "here")).toThrow(/here: object is not a valid label/);
    expect(() => indexCategories(["a", "b", "a"], "t")).toThrow(/t: categories\[2\] = "a" appears twice/);
    expect(indexCategories([0, -0 + 1], "t").get(0)).toBe(0);
  });

  it("the agreement barrel exposes the whole API", () => {
    for (const name of [
      "cohenKappa",
      "cohenKappaDetails",
      "cohenKappaFromMatrix",
      "fleissKappa",
      "fleissKappaFromCounts",
      "krippendorffAlpha",
      "krippendorffAlphaDetails",
      "codersToUnits",
      "percentAgreement",
      "pairwisePercentAgreement",
      "matchEvents",
      "frameBinnedKappa",
      "binEvents",
      "spanTemporalIoU",
    ]) {
      expect(typeof (agreement as Record<string, unknown>)[name]).toBe("function");
    }
  });
});
