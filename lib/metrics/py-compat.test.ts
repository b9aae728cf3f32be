import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { pyFloatStr, pyInt, toAsciiDigits } from "@/lib/metrics/py-compat";

/* Golden vectors (PY): Python 3 `int(text)` and `repr(float)` on exactly these inputs. */
const PY_INT: [string, number | null][] = [
  [" -1_000 ", -1000],
  ["1__0", null],
  ["_1", null],
  ["1_", null],
  ["+5", 5],
  ["３２", 32],
  ["𝟘𝟙", 1],
  ["٣٤", 34],
  ["3.0", null],
  ["", null],
  ["1e3", null],
  ["0x10", null],
  ["-0", 0],
  ["߁߂", 12],
  ["᠑", 1],
];

describe("py-compat (PY)", () => {
  it("pyInt matches Python int()", () => {
    for (const [text, n] of PY_INT) expect(pyInt(text), JSON.stringify(text)).toBe(n);
  });
  it("toAsciiDigits maps Unicode decimal digits and leaves the rest", () => {
    expect(toAsciiDigits("a٣b𝟡")).toBe("a3b9");
    expect(toAsciiDigits("½ Ⅻ")).toBe("½ Ⅻ");
  });
  it("pyFloatStr round-trips and switches notation like Python", () => {
    expect(pyFloatStr(1e16)).toBe("1e+16");
    expect(pyFloatStr(-0)).toBe("-0.0");
    expect(pyFloatStr(Infinity)).toBe("inf");
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const back = Number(pyFloatStr(x));
        expect(back === x && Object.is(back, x)).toBe(true);
      }),
    );
  });
});
