import { describe, expect, it } from "vitest";
import { validateRunName, versionedName } from "./run-name";

describe("run names", () => {
  it("trims and collapses spaces; refuses empty, long, control characters and reserved prefixes", () => {
    expect(validateRunName("  GPT  x  ")).toEqual({ ok: true, name: "GPT x" });
    expect(validateRunName("")).toMatchObject({ ok: false });
    expect(validateRunName(undefined)).toMatchObject({ ok: false, message: expect.stringMatching(/field "name"/) });
    expect(validateRunName("x".repeat(201))).toMatchObject({ ok: false });
    expect(validateRunName("a\u0007b")).toMatchObject({ ok: false });
    expect(validateRunName("chance: random")).toMatchObject({ ok: false, message: expect.stringMatching(/reserved/) });
    expect(validateRunName("Human baseline: me")).toMatchObject({ ok: false });
  });

  it("versions a taken name", () => {
    expect(versionedName("m", new Set())).toBe("m");
    expect(versionedName("m", new Set(["m", "m (2)"]))).toBe("m (3)");
  });
});
