import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "./plural";

describe("plural", () => {
  it("uses the singular only for exactly one", () => {
    expect(plural(1, "mark")).toBe("1 mark");
    expect(plural(0, "mark")).toBe("0 marks");
    expect(plural(2, "mark")).toBe("2 marks");
    expect(plural(-1, "frame")).toBe("-1 frame");
  });
  it("takes irregular plurals", () => {
    expect(plural(2, "identity", "identities")).toBe("2 identities");
    expect(pluralWord(1, "identity", "identities")).toBe("identity");
  });
});
