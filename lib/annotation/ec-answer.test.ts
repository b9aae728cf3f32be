import { describe, expect, it } from "vitest";
import { ecAnswerText, enumerationItems, normaliseEcAnswer } from "./ec-answer";

describe("EC-Bench answers", () => {
  it("normalises arrows, commas and spaces", () => {
    expect(normaliseEcAnswer("open lid->pour water  ->  stir")).toBe("open lid → pour water → stir");
    expect(normaliseEcAnswer(" dog ,cat,  bird ")).toBe("dog, cat, bird");
    expect(normaliseEcAnswer(" 3 ")).toBe("3");
  });
  it("splits enumerations into items, ordered when joined by →", () => {
    expect(enumerationItems("open lid → pour water → stir")).toEqual({ ordered: true, items: ["open lid", "pour water", "stir"] });
    expect(enumerationItems("dog, cat")).toEqual({ ordered: false, items: ["dog", "cat"] });
    expect(enumerationItems("")).toEqual({ ordered: false, items: [] });
  });
  it("writes the pre-generated answer as text", () => {
    expect(ecAnswerText(4)).toBe("4");
    expect(ecAnswerText(["a", "b"])).toBe("a, b");
    expect(ecAnswerText(null)).toBe("");
  });
});
