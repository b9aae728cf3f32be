import { describe, expect, it } from "vitest";
import { createTasksBodySchema } from "./task-schemas";
import { unknownFilterParams } from "./task-filter";

describe("unknownFilterParams", () => {
  it("accepts the Items page's parameters, labels and label aliases", () => {
    expect(unknownFilterParams("?format=count&label.subtype=E1-Action&subtype=O1-Snap&q=kitchen&video=pending&page=2")).toEqual([]);
  });
  it("names a misspelt parameter instead of selecting every item", () => {
    expect(unknownFilterParams("subtyp=E1-Action&q=x").map((i) => i.field)).toEqual(["items.filter.subtyp"]);
  });
});

describe("createTasksBodySchema", () => {
  it("refuses an empty filter (it would select every item)", () => {
    const r = createTasksBodySchema.safeParse({ items: { filter: "  " } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path.join(".")).toBe("items.filter");
  });
});
