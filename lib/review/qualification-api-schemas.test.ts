import { describe, expect, it } from "vitest";
import { createGoldSetBodySchema, updateGoldSetBodySchema } from "./qualification-api-schemas";

describe("gold set bodies", () => {
  it("threshold defaults to 0.8 and must be within 0..1; the name is trimmed and required", () => {
    expect(createGoldSetBodySchema.parse({ name: "  Gold ", itemIds: ["a"] })).toEqual({ name: "Gold", threshold: 0.8, itemIds: ["a"] });
    expect(createGoldSetBodySchema.parse({ name: "G", threshold: 0, itemIds: ["a"] }).threshold).toBe(0);
    expect(createGoldSetBodySchema.parse({ name: "G", threshold: 1, itemIds: ["a"] }).threshold).toBe(1);
    const bad = createGoldSetBodySchema.safeParse({ name: " ", threshold: 1.01, itemIds: [] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(paths).toEqual([
      ["name", "is empty: give the gold set a name"],
      ["threshold", "must be at most 1"],
      ["itemIds", "choose at least one item with truth"],
    ]);
    expect(createGoldSetBodySchema.safeParse({ name: "G", threshold: "0.8", itemIds: ["a"] }).error?.issues[0].message).toBe("must be a number between 0 and 1");
    expect(createGoldSetBodySchema.safeParse({ name: "G", itemIds: ["a"], extra: 1 }).success).toBe(false);
  });

  it("an update names something to change", () => {
    expect(updateGoldSetBodySchema.safeParse({}).success).toBe(false);
    expect(updateGoldSetBodySchema.parse({ threshold: 0.5 })).toEqual({ threshold: 0.5 });
    expect(updateGoldSetBodySchema.safeParse({ threshold: -0.1 }).success).toBe(false);
  });
});
