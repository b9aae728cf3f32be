import { describe, expect, it } from "vitest";
import { autoMatches, linkCounts, linkPair, unlinkPred } from "./auto-match";

describe("enumeration links", () => {
  it("pre-fills what the scorer's normalisation matches (case, punctuation, articles)", () => {
    expect(autoMatches(["The Ambulance!", "fire engine", "bicycle"], ["fire truck", "ambulance"])).toEqual([{ pred: 0, truth: 1 }]);
    expect(autoMatches([], ["x"])).toEqual([]);
  });

  it("linking replaces either item's old link; counts follow", () => {
    let links = linkPair([], 0, 0);
    links = linkPair(links, 1, 1);
    links = linkPair(links, 2, 0);
    expect(links).toEqual([{ pred: 1, truth: 1 }, { pred: 2, truth: 0 }]);
    expect(linkCounts(links, 3, 2)).toEqual({ tp: 2, fp: 1, fn: 0 });
    expect(unlinkPred(links, 2)).toEqual([{ pred: 1, truth: 1 }]);
  });
});
