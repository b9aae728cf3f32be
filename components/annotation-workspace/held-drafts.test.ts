import { describe, expect, it } from "vitest";
import { createHeldDrafts, heldDraftText, refusedDrafts } from "./held-drafts";

describe("held drafts", () => {
  it("lists typed and refused text, names the refused, writes every field on flushAll", () => {
    const held = createHeldDrafts();
    let notified = 0;
    held.subscribe(() => notified++);
    held.set("a", { name: "count at query point 2", reason: "must be a number" });
    held.set("b", { name: "notes", reason: null });
    held.set("b", { name: "notes", reason: null }); // no change, no notice
    expect(notified).toBe(2);
    expect(refusedDrafts(held.list())).toEqual([{ name: "count at query point 2", reason: "must be a number" }]);
    expect(heldDraftText(held.list())).toBe("count at query point 2: must be a number");
    const written: string[] = [];
    const off = held.register("b", () => written.push("b"));
    held.register("c", () => written.push("c"));
    held.flushAll();
    expect(written).toEqual(["b", "c"]);
    off();
    held.flushAll();
    expect(written).toEqual(["b", "c", "c"]);
    held.set("a", null);
    held.set("b", null);
    expect(held.list()).toEqual([]);
  });
});
