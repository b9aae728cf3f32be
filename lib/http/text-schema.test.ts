import { describe, expect, it } from "vitest";
import { z } from "zod";
import { findControlCharacter, refuseControlCharacters } from "./control-characters";
import { HttpError } from "./http-error";
import { controlCharacterIn, multilineText, text } from "./text-schema";

describe("text() and multilineText()", () => {
  it("refuse NUL and the other control characters, naming the field, the code point and where it is", () => {
    const schema = z.object({ name: text().trim().min(1).max(20), notes: multilineText().max(100) });
    const r = schema.safeParse({ name: "ab\u0000c", notes: "x\u001by" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "must not contain control characters (U+0000 at character 3)"],
      ["notes", "must not contain control characters (U+001B at character 2)"],
    ]);
    for (const c of ["\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u000E", "\u001F", "\u007F", "\u0080", "\u009F"]) {
      expect(text().safeParse(`a${c}`).success, JSON.stringify(c)).toBe(false);
      expect(multilineText().safeParse(`a${c}`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it("let tab and line feed through; carriage return only in multi-line text", () => {
    expect(text().parse("a\tb\nc")).toBe("a\tb\nc");
    expect(text().safeParse("a\r\nb").success).toBe(false);
    expect(multilineText().parse("line 1\r\nline 2\tend")).toBe("line 1\r\nline 2\tend");
    expect(text().parse("naïve — 日本語 🎬")).toBe("naïve — 日本語 🎬");
  });

  it("keep working as zod strings (trim, min, max, regex, pipe)", () => {
    expect(text().trim().min(1).parse("  x  ")).toBe("x");
    expect(text().regex(/^\d+$/).safeParse("12a").success).toBe(false);
    expect(text().pipe(z.email()).parse("a@b.org")).toBe("a@b.org");
    expect(controlCharacterIn("ok", false)).toBeNull();
  });
});

describe("the route wrapper's net (findControlCharacter)", () => {
  it("finds a control character anywhere in JSON, keys included, with its path", () => {
    expect(findControlCharacter({ a: [1, { b: "x\u0000" }] })).toEqual({ field: "a.1.b", message: "must not contain control characters (U+0000 at character 2)" });
    expect(findControlCharacter({ ["k\u0000"]: 1 })?.field).toBe("k\u0000");
    expect(findControlCharacter({ a: "multi\r\nline\ttab" })).toBeNull();
    expect(findControlCharacter("\u0007")?.field).toBe("(root)");
    expect(() => refuseControlCharacters({ projectId: "p\u0000" })).toThrow(HttpError);
    try {
      refuseControlCharacters({ projectId: "p\u0000" });
    } catch (e) {
      expect((e as HttpError).status).toBe(400);
      expect((e as HttpError).details).toEqual([{ field: "projectId", message: "must not contain control characters (U+0000 at character 2)" }]);
    }
  });
});
