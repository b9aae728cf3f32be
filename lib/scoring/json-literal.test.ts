import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topLevelNumberLiteral } from "./json-literal";

describe("topLevelNumberLiteral", () => {
  it("returns the number as written", () => {
    expect(topLevelNumberLiteral('{"qa_id": "x", "extracted_answer": 3.0}', "extracted_answer")).toBe("3.0");
    expect(topLevelNumberLiteral('{"extracted_answer":-1e2 ,"b":1}', "extracted_answer")).toBe("-1e2");
    expect(topLevelNumberLiteral('  {"a": {"extracted_answer": 1}, "extracted_answer": 2}', "extracted_answer")).toBe("2");
  });

  it("ignores nested keys, keys inside strings, and non-numbers", () => {
    expect(topLevelNumberLiteral('{"a": {"extracted_answer": 1}}', "extracted_answer")).toBeUndefined();
    expect(topLevelNumberLiteral('{"raw": "\\"extracted_answer\\": 4", "extracted_answer": "4"}', "extracted_answer")).toBeUndefined();
    expect(topLevelNumberLiteral('{"extracted_answer": null}', "extracted_answer")).toBeUndefined();
    expect(topLevelNumberLiteral("[1]", "extracted_answer")).toBeUndefined();
  });

  it("takes the last of a key given twice and reads escaped keys, as JSON.parse does", () => {
    expect(topLevelNumberLiteral('{"extracted_answer": 1.50, "extracted_answer": 2.0}', "extracted_answer")).toBe("2.0");
    expect(topLevelNumberLiteral('{"extracted_answer": 1.50, "extracted_answer": "x"}', "extracted_answer")).toBeUndefined();
    expect(topLevelNumberLiteral('{"extracted\\u005fanswer": 7.0}', "extracted_answer")).toBe("7.0");
  });

  it("agrees with JSON.parse on the value of every generated object (property)", () => {
    const value = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant(null), fc.array(fc.integer()), fc.dictionary(fc.string(), fc.integer()));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("k", "extracted_answer", "x\"y", "é"), value), (obj) => {
        const text = JSON.stringify(obj);
        const lit = topLevelNumberLiteral(text, "extracted_answer");
        const parsed = (JSON.parse(text) as Record<string, unknown>).extracted_answer;
        if (typeof parsed === "number") expect(Number(lit)).toBe(parsed);
        else expect(lit).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
