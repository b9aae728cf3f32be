import { describe, expect, it } from "vitest";
import { groupIssues, isNoChange, outcomeSentence, readReport } from "./import-report";

const w = (code: string, line: number | null, item_id: string | null = null) => ({ code, line, item_id, message: `line ${line}: ${code}` });

describe("import reports", () => {
  it("groups warnings by code, biggest group first, each in line order", () => {
    const groups = groupIssues([w("b", 9), w("a", 3), w("b", 2), w("c", null), w("b", 5)]);
    expect(groups.map((g) => [g.code, g.count])).toEqual([
      ["b", 3],
      ["a", 1],
      ["c", 1],
    ]);
    expect(groups[0].issues.map((i) => i.line)).toEqual([2, 5, 9]);
  });

  it("says what happened", () => {
    const base = { errors: [], created: 0, updated: 0, unchanged: 12, dry_run: true, mode: "items" as const };
    expect(isNoChange(base)).toBe(true);
    expect(outcomeSentence(base)).toMatch(/^No changes/);
    expect(outcomeSentence({ ...base, created: 3 })).toBe("Would create 3 items, would update 0, 12 unchanged.");
    expect(outcomeSentence({ ...base, dry_run: false, created: 1, updated: 2 })).toBe("Created 1 item, updated 2, 12 unchanged.");
    expect(outcomeSentence({ ...base, errors: [w("x", 1)] })).toBe("1 error: nothing can be imported.");
  });

  it("reads stored reports defensively", () => {
    expect(readReport(null)).toBeNull();
    expect(readReport({ items: 3, warnings: [w("a", 1), "junk"], mode: "eval_match" })).toMatchObject({ items: 3, warnings: [w("a", 1)], errors: [], mode: "eval_match" });
  });
});
