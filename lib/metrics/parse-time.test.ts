import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  formatTimestamp,
  parseClipList,
  parseClipListReference,
  parseEnumeration,
  parseTimestamp,
  parseTimestampDetailed,
} from "@/lib/metrics/parse-time";

describe("parseTimestamp (HAND)", () => {
  it("reads H:MM:SS, MM:SS, plain seconds and decimals", () => {
    expect(parseTimestamp("0:03:19")).toBe(199);
    expect(parseTimestamp("1:00:41")).toBe(3641);
    expect(parseTimestamp(" 12:05 ")).toBe(725);
    expect(parseTimestamp("75:30")).toBe(4530);
    expect(parseTimestamp("42")).toBe(42);
    expect(parseTimestamp("12.5")).toBe(12.5);
    expect(parseTimestamp(".5")).toBe(0.5);
    expect(parseTimestamp("0:01:02.25")).toBe(62.25);
  });
  it("flags one-digit fields as non-canonical and rejects nonsense", () => {
    expect(parseTimestampDetailed("0:1:40")).toEqual({ seconds: 100, canonical: false });
    expect(parseTimestampDetailed("0:01:40")).toEqual({ seconds: 100, canonical: true });
    for (const bad of ["", "  ", "-3", "0:60:00", "0:00:60", "1:2:3:4", "abc", "0:33:.46", "1,5", "1e3"]) {
      expect(parseTimestamp(bad)).toBeNull();
    }
  });
  it("formatTimestamp round-trips", () => {
    expect(formatTimestamp(3641)).toBe("1:00:41");
    expect(formatTimestamp(62.5)).toBe("0:01:02.5");
    expect(formatTimestamp(-1)).toBe("");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 3600 }), (s) => {
        expect(parseTimestamp(formatTimestamp(s))).toBe(s);
      }),
    );
  });
});

/*
 * Golden vectors (REF): outputs of `parse_clip_intervals` from matsuolab/EC-Bench
 * `close_models/evaluation/judge_core.py` (commit 601ddae), run with python3 on these
 * exact inputs. Several inputs are cells of the real `dataset.csv` (question ids in
 * the names).
 */
const REF_CLIPS: [string, unknown, [number, number][]][] = [
  ["q1 well-formed + trailing newline", "[0:03:19,0:03:23], [0:44:58,0:44:59]\n", [[199, 203], [2698, 2699]]],
  ["q2 newlines + blank lines", "[0:01:41,0:07:21],\n[0:07:49,0:10:08],\n\n", [[101, 441], [469, 608]]],
  ["q110 MM:SS end shifts the pairing", "[0:06:09,06:15], [0:09:59,0:10:06]", [[369, 599]]],
  ["q73 semicolon typo", "[1:00:41,1:00;55]", []],
  ["q95 colon separator", "[0:10:16:0:10:17]", [[616, 617]]],
  ["reversed dropped", "[0:35:54,0:35:35]", []],
  ["q1728 3-digit seconds", "[0:35:28,0:35:334", [[2128, 2133]]],
  ["blank", "", []],
  ["nan text", "nan", []],
  ["q1777 zero", "0", []],
  ["JSON list of string pairs", '[["0:01:00","0:02:00"],["0:03:00","0:02:00"]]', [[60, 120]]],
  ["Python list literal", "[['0:01:00','0:02:00']]", [[60, 120]]],
  ["list of numbers is not read", "[[60, 120]]", []],
  ["empty list", "[]", []],
  ["3-digit hours: regex finds the suffix", "100:00:00,100:01:00", [[0, 60]]],
  ["q1332 prose", "List the performers", []],
  ["null", null, []],
  ["NaN", Number.NaN, []],
];

describe("parseClipListReference reproduces the EC-Bench reference (REF)", () => {
  for (const [name, input, expected] of REF_CLIPS) {
    it(name, () => expect(parseClipListReference(input)).toEqual(expected));
  }
});

describe("parseClipList (lenient) on real dataset.csv cells (HAND)", () => {
  const codes = (text: string) => parseClipList(text, { line: 7, id: "q" }).problems.map((p) => p.code);

  it("well-formed cells read exactly like the reference, without problems", () => {
    for (const [, input, expected] of REF_CLIPS.slice(0, 2)) {
      const r = parseClipList(input as string);
      expect(r.intervals).toEqual(expected);
      expect(r.problems).toEqual([]);
    }
  });

  it("MM:SS end times are read as minutes:seconds (q110) and flagged as mixed", () => {
    const r = parseClipList("[0:06:09,06:15], [0:09:59,0:10:06]");
    expect(r.intervals).toEqual([[369, 375], [599, 606]]);
    expect(r.problems.map((p) => p.code)).toEqual(["clip_repaired"]);
  });

  it("repairs semicolons, colon or period separators, leading colons, spaces, one-digit fields", () => {
    expect(parseClipList("[1:00:41,1:00;55]").intervals).toEqual([[3641, 3655]]);
    expect(parseClipList("[0:10:16:0:10:17]").intervals).toEqual([[616, 617]]);
    expect(parseClipList("[0:27:32.0:27:36]\n[0:30:28.0:30:29]").intervals).toEqual([[1652, 1656], [1828, 1829]]);
    expect(parseClipList("[0:10:42,:10:53]").intervals).toEqual([[642, 653]]);
    expect(parseClipList("[028:20,0: 28:22]").intervals).toEqual([[1700, 1702]]);
    expect(parseClipList("[0:1:40,0:1:51]").intervals).toEqual([[100, 111]]);
    expect(parseClipList("[0:26:11,0,0:26:23]").intervals).toEqual([[1571, 1583]]);
    expect(codes("[1:00:41,1:00;55]")).toEqual(["clip_repaired"]);
  });

  it("tolerates missing, doubled and adjacent brackets, stray quotes and periods", () => {
    expect(parseClipList("0:02:36,0:03:05]").intervals).toEqual([[156, 185]]);
    expect(parseClipList("[0:23:49,0:24:35").intervals).toEqual([[1429, 1475]]);
    expect(parseClipList("[0:11:11,0:11:13]], [0:47:03,0:47:05]").intervals).toEqual([[671, 673], [2823, 2825]]);
    expect(parseClipList("[0:13:35,0:13:41, [0:19:27,0:19:32]").intervals).toEqual([[815, 821], [1167, 1172]]);
    expect(parseClipList("[0:17:37,0:19:18][0:19:50,0:25:05]").intervals).toEqual([[1057, 1158], [1190, 1505]]);
    expect(parseClipList('[0:05:29,0:05:32] .[0:06:51,0:07:03]."').intervals).toEqual([[329, 332], [411, 423]]);
    expect(parseClipList('[["0:01:00","0:02:00"]]').intervals).toEqual([[60, 120]]);
    expect(parseClipList("[[60, 120.5]]").intervals).toEqual([[60, 120.5]]);
    expect(parseClipList("[0:37:34,0:37:52];\n[0:39:06,0:41:00],").problems).toEqual([]);
  });

  it("reports unreadable pieces and reversed pairs with context, keeps the rest", () => {
    const r = parseClipList("[0:38:25,0:38,26],\n[0:39:06,0:41:00],[0:35:54,0:35:35]", { line: 12, id: "1393", field: "clips" });
    expect(r.intervals).toEqual([[2346, 2460]]);
    expect(r.problems.map((p) => p.code)).toEqual(["clip_unparseable", "clip_reversed"]);
    expect(r.problems[0]).toMatchObject({ line: 12, id: "1393", field: "clips" });
    expect(r.problems[0].message).toContain("0:38:25,0:38,26");
    expect(codes("0")).toEqual(["clip_unparseable"]);
    expect(codes("List the performers for whom at least one judge turned")).toEqual(["clip_unparseable"]);
    expect(codes("[0:33:28,0:33:.46]")).toEqual(["clip_unparseable"]);
  });

  it("blank and null cells give nothing and no problem", () => {
    for (const t of ["", "  \n", null, undefined]) expect(parseClipList(t)).toEqual({ intervals: [], problems: [] });
  });

  it("never throws and every interval is ordered (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789:;,.[] \n\"'a-") }), (text) => {
        const r = parseClipList(text);
        for (const [s, e] of r.intervals) expect(e).toBeGreaterThanOrEqual(s);
        for (const [s, e] of parseClipListReference(text)) expect(e).toBeGreaterThanOrEqual(s);
      }),
    );
  });
});

describe("parseEnumeration (HAND, on dataset.csv answers)", () => {
  it("comma lists with newlines and trailing commas (q2, Mo Farah list)", () => {
    expect(
      parseEnumeration("Soba noodle shop, Snow forest,\nPrayer shrine,  Shindo house, Castle, Shindo Dojo, Hot spring with a waterfall"),
    ).toEqual({
      items: ["Soba noodle shop", "Snow forest", "Prayer shrine", "Shindo house", "Castle", "Shindo Dojo", "Hot spring with a waterfall"],
      ordered: false,
    });
    expect(parseEnumeration("Mo Farah,\nBedan Karoki Muchiri,\nTariku Bekele,\n").items).toEqual([
      "Mo Farah",
      "Bedan Karoki Muchiri",
      "Tariku Bekele",
    ]);
    expect(parseEnumeration("Menu,Small jukebox , Salt shaker\n , Napkin dispenser\n, Reserved sign").items).toEqual([
      "Menu",
      "Small jukebox",
      "Salt shaker",
      "Napkin dispenser",
      "Reserved sign",
    ]);
  });

  it("arrow lists are ordered and keep commas inside steps (q304, q16)", () => {
    expect(parseEnumeration("Crack the coconut → Pound onion, chili, and salt → Squeeze lime")).toEqual({
      items: ["Crack the coconut", "Pound onion, chili, and salt", "Squeeze lime"],
      ordered: true,
    });
    expect(parseEnumeration("The boy ran toward the limbo bar → \nSquat down → Stand up").items).toEqual([
      "The boy ran toward the limbo bar",
      "Squat down",
      "Stand up",
    ]);
    expect(parseEnumeration("8 -> 5")).toEqual({ items: ["8", "5"], ordered: true });
  });

  it("strips bullets, numbers and a leading and/or; blank input gives no items", () => {
    expect(parseEnumeration("1. Lion\n2) Zebra\n- Frog").items).toEqual(["Lion", "Zebra", "Frog"]);
    expect(parseEnumeration("apples, pears, and plums").items).toEqual(["apples", "pears", "plums"]);
    expect(parseEnumeration("Andy, Oreo")).toEqual({ items: ["Andy", "Oreo"], ordered: false });
    expect(parseEnumeration("")).toEqual({ items: [], ordered: false });
    expect(parseEnumeration(null)).toEqual({ items: [], ordered: false });
    expect(parseEnumeration("None").items).toEqual(["None"]);
  });
});
