/**
 * Small helpers that reproduce Python behaviours the benchmarks' reference scorers
 * rely on (number formatting, Unicode digits, `int()` parsing), so that TypeScript
 * metrics give bit-identical results. Pure TypeScript.
 */

/**
 * Python `repr(float)` / `str(float)`: shortest round-trip digits (the same digits as
 * JavaScript's `toExponential()`), scientific notation when the decimal exponent is
 * < -4 or >= 16 (`1e-05`, `1e+16`, `1.5e+20`), otherwise positional with at least one
 * decimal (`3.0`, `1000000000000000.0`). `nan`, `inf`, `-inf`, `-0.0` as Python.
 */
export function pyFloatStr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expText] = x.toExponential().split("e");
  const exp = Number(expText);
  const neg = mant.startsWith("-");
  const digits = mant.replace("-", "").replace(".", "");
  let body: string;
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    body = `${m}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  } else if (exp >= 0) {
    body =
      digits.length <= exp + 1
        ? `${digits}${"0".repeat(exp + 1 - digits.length)}.0`
        : `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  } else {
    body = `0.${"0".repeat(-exp - 1)}${digits}`;
  }
  return neg ? `-${body}` : body;
}

const ND = /\p{Nd}/u;

/**
 * Maps every Unicode decimal digit (`\p{Nd}`, what Python's `\d` and `int()` accept)
 * to its ASCII digit; other characters are unchanged. Decimal digits are encoded in
 * contiguous runs of ten from 0 to 9 (Unicode stability policy), and adjacent runs
 * form whole multiples of ten, so the value is the offset from the block start mod 10.
 */
export function toAsciiDigits(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if ((cp >= 0x30 && cp <= 0x39) || !ND.test(ch)) {
      out += ch;
      continue;
    }
    let start = cp;
    while (start > 0 && ND.test(String.fromCodePoint(start - 1))) start -= 1;
    out += String((cp - start) % 10);
  }
  return out;
}

/**
 * Python `int(text)` for a string: surrounding whitespace, an optional sign, digits
 * (any Unicode decimal digits) with single underscores between digit groups
 * (`1_000`). Returns `null` where Python raises `ValueError` ("3.0", "", "1e3").
 * Values beyond 2^53 lose precision (JavaScript numbers).
 */
export function pyInt(text: string): number | null {
  const t = toAsciiDigits(text.trim());
  if (!/^[+-]?\d+(?:_\d+)*$/.test(t)) return null;
  const n = Number(t.replace(/_/g, ""));
  return Object.is(n, -0) ? 0 : n;
}
