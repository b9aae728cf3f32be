import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  extractTocAnswer,
  extractTocLetter,
  extractTocNumerical,
  extractTocOrdering,
  finalAnswerRegion,
  findNumbers,
  firstNumber,
  parseNumberWord,
  parseOrderingSequence,
  pythonIntOrNull,
  pythonStrip,
  tocNumericBucket,
  vcbenchPaperNumber,
  vcbenchReferenceNumber,
} from "./parse-answer";

/**
 * Golden vectors for Python's int(): computed by running CPython 3.11.7 `int(x)` on each
 * input (ValueError/TypeError → null), the operation VCBench's reference
 * `eval/unify_results.py` @48ab208 applies to raw predictions.
 */
const PY_INT: Array<[unknown, number | null]> = [
  [" 3 ", 3],
  ["\x1c3", null],
  ["\u20003", 3],
  ["3\x85", 3],
  ["\ufeff3", null],
  ["+3", 3],
  ["-0", 0],
  ["007", 7],
  ["1_000", 1000],
  ["1__0", null],
  ["_1", null],
  ["1_", null],
  ["\uff13", 3],
  ["\u0661\u0662", 12],
  ["\u0661_\u0662", 12],
  ["3.0", null],
  ["3e2", null],
  ["- 3", null],
  ["", null],
  [" ", null],
  ["0x10", null],
  ["\u06633", 33],
  ["\u{1d7d1}", 3],
  ["5 chairs", null],
  ["five", null],
  [3.7, 3],
  [-3.7, -3],
  [true, 1],
  [false, 0],
  [null, null],
  [[1], null],
];

/**
 * Golden vectors for TOC-Bench's answer extractor: computed by running
 * `extract(text, format)` of `answer_extractor.py` (github.com/cjzcjz666/toc_bench
 * @e4a10bc) with CPython 3.11.7 on each input. Includes the reference's own self-test
 * cases (first rows of each format).
 */
const TOC_EXTRACT: Array<[string, string, string | string[] | null]> = [
  ["A", "mcq_4", "A"],
  ["D.", "mcq_4", "D"],
  ["Answer: B", "mcq_4", "B"],
  ["**C**", "mcq_4", "C"],
  ["The answer is C.", "mcq_4", "C"],
  ["Based on the video, I think B is correct.", "mcq_4", "B"],
  ["E", "mcq_4", null],
  ["", "mcq_4", null],
  ["a", "mcq_4", "A"],
  ["A cat appears first, so D", "mcq_4", "A"],
  ["answer - c", "mcq_4", "C"],
  ["Option b", "mcq_4", "B"],
  ["(B) the red car", "mcq_4", "B"],
  ["[D]", "mcq_4", "D"],
  ["\"C\"", "mcq_4", "C"],
  ["`A`", "mcq_4", "A"],
  ["The correct option is B)", "mcq_4", "B"],
  ["Between B and C, C.", "mcq_4", "C"],
  ["<think>It is A. Or maybe D.</think>\n\nB", "mcq_4", "B"],
  ["<think>unfinished A", "mcq_4", "A"],
  ["<THINK>x</THINK>C", "mcq_4", "C"],
  ["<think>only thinking, answer D</think>", "mcq_4", null],
  ["Apple", "mcq_4", null],
  ["B_2", "mcq_4", null],
  ["\u00e9 B", "mcq_4", "B"],
  ["B\u00e9", "mcq_4", null],
  ["\u00a0C\u00a0", "mcq_4", "C"],
  ["\u001cD", "mcq_4", "D"],
  ["Answer:\u3000A", "mcq_4", "A"],
  ["None of the options.", "mcq_4", null],
  ["A", "sp", "A"],
  ["answer: B", "sp", "B"],
  ["D", "sp", null],
  ["C or B", "sp", "B"],
  ["Statement A is correct.", "sp", "A"],
  ["I pick D, no wait, B", "sp", "B"],
  ["3", "numerical", "3"],
  ["The answer is 4.", "numerical", "4"],
  ["5 or more", "numerical", "5 or more"],
  ["5+", "numerical", "5 or more"],
  ["5+ times", "numerical", "5 or more"],
  ["It happens 7 times", "numerical", "5 or more"],
  ["twice", "numerical", null],
  ["", "numerical", null],
  ["1", "numerical", null],
  ["0", "numerical", null],
  ["3.5", "numerical", "3"],
  ["-3", "numerical", "3"],
  ["3rd", "numerical", null],
  ["5 more", "numerical", "5 or more"],
  ["5ormore", "numerical", "5 or more"],
  ["five or more", "numerical", null],
  ["about 12", "numerical", "5 or more"],
  ["2 or 3", "numerical", "2"],
  ["<think>5 or more?</think> 2", "numerical", "2"],
  ["5 OR MORE", "numerical", "5 or more"],
  ["Count: 05", "numerical", "5 or more"],
  ["B, A, C", "ordering_3", ["B", "A", "C"]],
  ["B,A,C", "ordering_3", ["B", "A", "C"]],
  ["D, B, A, C", "ordering_4", ["D", "B", "A", "C"]],
  ["Order: A then B then C then D", "ordering_4", ["A", "B", "C", "D"]],
  ["<think>reasoning with A B C D</think>\n\nB, A, C", "ordering_3", ["B", "A", "C"]],
  ["A, B", "ordering_3", null],
  ["BAC", "ordering_3", null],
  ["B -> A -> C", "ordering_3", ["B", "A", "C"]],
  ["B\u2192A\u2192C", "ordering_3", ["B", "A", "C"]],
  ["b, a, c", "ordering_3", ["B", "A", "C"]],
  ["B, B, A, C", "ordering_3", ["B", "A", "C"]],
  ["A, B, D", "ordering_3", ["A", "B", "D"]],
  ["C A B D", "ordering_4", ["C", "A", "B", "D"]],
  ["Answer: C, A, D, B, extra A", "ordering_4", ["C", "A", "D", "B"]],
  ["(B) (A) (C)", "ordering_3", ["B", "A", "C"]]
];

describe("pythonIntOrNull (VCBench reference parsing)", () => {
  it.each(PY_INT)("int(%j) = %j", (input, expected) => {
    expect(pythonIntOrNull(input)).toBe(expected);
    expect(vcbenchReferenceNumber(input)).toBe(expected);
  });

  it("rejects strings longer than CPython's 4300-digit limit", () => {
    expect(pythonIntOrNull("1".repeat(4300))).toBe(Infinity);
    expect(pythonIntOrNull("1".repeat(4301))).toBeNull();
  });

  it("round-trips every safe integer written in decimal (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), fc.constantFrom("", " ", "\n", "\t"), (n, pad) => {
        expect(pythonIntOrNull(`${pad}${n}${pad}`)).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});

describe("pythonStrip", () => {
  it("strips Python whitespace, not U+FEFF (hand-checked against str.strip)", () => {
    expect(pythonStrip("\x1c\x85 a \u3000")).toBe("a");
    expect(pythonStrip("\ufeffa")).toBe("\ufeffa");
  });
});

describe("findNumbers", () => {
  it("finds digits, signs, decimals and number words in order (hand-computed)", () => {
    const found = findNumbers("I saw five cars, then -3 left, 2.5 km and twenty-one birds; GPT-4 said 3-5.");
    expect(found.map((m) => m.value)).toEqual([5, -3, 2.5, 21, 4, 3, 5]);
    expect(found.map((m) => m.kind)).toEqual(["words", "digits", "digits", "words", "digits", "digits", "digits"]);
    expect(found[1].text).toBe("-3");
  });

  it("handles hundred, compounds with spaces, case and word boundaries (hand-computed)", () => {
    expect(findNumbers("One hundred").map((m) => m.value)).toEqual([100]);
    expect(findNumbers("a hundred and two").map((m) => m.value)).toEqual([100, 2]);
    expect(findNumbers("Ninety Nine").map((m) => m.value)).toEqual([99]);
    expect(findNumbers("sixteen seventeen").map((m) => m.value)).toEqual([16, 17]);
    expect(findNumbers("someone often tone none")).toEqual([]);
    expect(findNumbers("zero")[0].value).toBe(0);
    expect(findNumbers("3rd and 1,000")).toHaveLength(3);
    expect(findNumbers("")).toEqual([]);
  });

  it("finds every integer written with digits (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1e9 }), { maxLength: 8 }), (ns) => {
        expect(findNumbers(ns.join(" apples and ")).map((m) => m.value)).toEqual(ns);
      }),
    );
  });

  it("parses every number word 0..99 (property)", () => {
    const units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
    const tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
    const word = (n: number) => (n < 20 ? units[n] : tens[Math.floor(n / 10) - 2] + (n % 10 ? `-${units[n % 10]}` : ""));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (n) => {
        expect(parseNumberWord(word(n))).toBe(n);
        expect(firstNumber(`There are ${word(n).toUpperCase()} of them`)).toBe(n);
      }),
    );
  });
});

describe("parseNumberWord", () => {
  it("accepts exactly one word phrase (hand-computed)", () => {
    expect(parseNumberWord(" Twenty-one ")).toBe(21);
    expect(parseNumberWord("hundred")).toBe(100);
    expect(parseNumberWord("21")).toBeNull();
    expect(parseNumberWord("five cars")).toBeNull();
    expect(parseNumberWord("a dozen")).toBeNull();
  });
});

describe("vcbenchPaperNumber", () => {
  it("takes the first number after dropping <think> blocks (hand-computed)", () => {
    expect(vcbenchPaperNumber("I count five chairs, maybe 6")).toBe(5);
    expect(vcbenchPaperNumber("<think>7 or 8?</think> 9")).toBe(9);
    expect(vcbenchPaperNumber("There are 3.5")).toBe(3.5);
    expect(vcbenchPaperNumber(4.2)).toBe(4.2);
    expect(vcbenchPaperNumber("none")).toBeNull();
    expect(vcbenchPaperNumber(null)).toBeNull();
    expect(vcbenchPaperNumber(Number.NaN)).toBeNull();
    expect(vcbenchPaperNumber(true)).toBeNull();
  });
});

describe("finalAnswerRegion", () => {
  it("keeps the text after </think>, else drops complete blocks (hand-checked against the reference)", () => {
    expect(finalAnswerRegion("<think>a</think>  B ")).toBe("B");
    expect(finalAnswerRegion("<think>a</think>")).toBe("");
    expect(finalAnswerRegion("x <think>a</think> y")).toBe("y");
    expect(finalAnswerRegion("<think>unclosed")).toBe("<think>unclosed");
    expect(finalAnswerRegion("")).toBe("");
  });
});

describe("TOC-Bench extractor (golden vs reference answer_extractor.py)", () => {
  it.each(TOC_EXTRACT)("extract(%j, %s) = %j", (text, format, expected) => {
    expect(extractTocAnswer(text, format)).toEqual(expected);
  });

  it("returns null for an unknown format or non-text input (the reference raises)", () => {
    expect(extractTocAnswer("A", "mcq_5")).toBeNull();
    expect(extractTocAnswer(3, "numerical")).toBeNull();
    expect(extractTocAnswer(null, "mcq_4")).toBeNull();
  });

  it("always yields an allowed answer or null (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const l = extractTocLetter(text, "AB");
        expect(l === null || l === "A" || l === "B").toBe(true);
        const n = extractTocNumerical(text);
        expect(n === null || ["2", "3", "4", "5 or more"].includes(n)).toBe(true);
        const o = extractTocOrdering(text, 3);
        if (o !== null) {
          expect(o).toHaveLength(3);
          expect(new Set(o).size).toBe(3);
        }
      }),
    );
  });
});

describe("tocNumericBucket", () => {
  it("maps counts to the controlled answers (hand-computed from extract_numerical)", () => {
    expect([0, 1, 2, 3, 4, 5, 17, 2.5, Number.NaN].map(tocNumericBucket)).toEqual([null, null, "2", "3", "4", "5 or more", "5 or more", null, null]);
  });
});

describe("parseOrderingSequence (lenient, Playhead)", () => {
  it("accepts the usual separators and run-together letters (hand-computed)", () => {
    for (const t of ["B, A, C", "B -> A -> C", "B→A→C", "[B, A, C]", "B A C", "BAC", "Answer: bac", "B then A and C.", "**B, A, C**"]) {
      expect(parseOrderingSequence(t, ["A", "B", "C"], 3)).toEqual(["B", "A", "C"]);
    }
  });

  it("rejects repeats, wrong length, stray words and unknown labels (hand-computed)", () => {
    expect(parseOrderingSequence("B, B, A", ["A", "B", "C"], 3)).toBeNull();
    expect(parseOrderingSequence("B, A", ["A", "B", "C"], 3)).toBeNull();
    expect(parseOrderingSequence("Order is B, A, C", ["A", "B", "C"])).toBeNull();
    expect(parseOrderingSequence("B, A, D", ["A", "B", "C"])).toBeNull();
    expect(parseOrderingSequence("", ["A", "B", "C"])).toBeNull();
    expect(parseOrderingSequence("D, C, B, A")).toEqual(["D", "C", "B", "A"]);
  });

  it("parses every permutation written with any separator (property)", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(["A", "B", "C", "D"], { minLength: 4, maxLength: 4 }),
        fc.constantFrom(", ", " -> ", "→", " ", "", " then "),
        (perm, sep) => {
          expect(parseOrderingSequence(perm.join(sep), ["A", "B", "C", "D"], 4)).toEqual(perm);
        },
      ),
    );
  });
});
