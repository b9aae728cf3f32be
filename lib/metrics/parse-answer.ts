/**
 * Answer parsing shared by every benchmark scorer: numbers in free text (digits and
 * English number words), Python-`int()`-compatible parsing (VCBench's reference
 * pipeline), the `<think>`-aware answer region and letter / numeric-bucket / ordering
 * extraction of TOC-Bench's `answer_extractor.py`, and a lenient ordering parser.
 *
 * Which number is taken when a text holds several is benchmark specific and therefore
 * an explicit, named function per benchmark:
 * - VCBench reference (`eval/unify_results.py` @48ab208): the whole stripped string must
 *   be one integer (Python `int(pred)`), otherwise the answer is invalid
 *   → {@link vcbenchReferenceNumber}.
 * - VCBench paper (`../shared/papers/vcbench.txt`, B.1 "Output Post-processing"): "extract
 *   numerical answers, supporting Arabic numerals and English number words"; the paper
 *   does not say which number wins, Playhead takes the first → {@link vcbenchPaperNumber}.
 * - TOC-Bench numerical (`answer_extractor.py` @e4a10bc): an explicit "5 or more" phrase,
 *   else the first ASCII integer → {@link extractTocNumerical}.
 * - EC-Bench (sorted distinct numbers) lives in `lib/metrics/ecbench.ts` and may build on
 *   {@link findNumbers}.
 *
 * Pure TypeScript: no Node or DOM APIs.
 */

// ---------------------------------------------------------------------------
// Python character classes (CPython 3.11, verified by enumerating all code points)
// ---------------------------------------------------------------------------

/** Characters matched by Python's `\s` / `str.isspace()` (as a RegExp class body). */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
/**
 * Python's `\w` for `str` patterns: Unicode letters, numbers and `_`. JavaScript's ICU may
 * know a few code points newer than CPython's Unicode database; nothing else differs.
 */
const PY_WORD = "\\p{L}\\p{N}_";
const NOT_AFTER_WORD = `(?<![${PY_WORD}])`;
const NOT_BEFORE_WORD = `(?![${PY_WORD}])`;

const PY_STRIP_RE = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu");

/**
 * Python `str.strip()` with no argument: removes leading and trailing Python
 * whitespace (which, unlike `String.prototype.trim`, includes U+001C..U+001F and U+0085
 * and excludes U+FEFF).
 */
export function pythonStrip(text: string): string {
  return text.replace(PY_STRIP_RE, "");
}

// ---------------------------------------------------------------------------
// Python int()
// ---------------------------------------------------------------------------

/**
 * Whitespace `int(str)` tolerates around the number: CPython maps non-ASCII whitespace to
 * " " and then strips only ASCII " \t\n\v\f\r" (so U+001C..U+001F make `int` fail
 * although `str.isspace()` is true for them).
 */
const PY_INT_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
const PY_INT_STRING_RE = new RegExp(`^[${PY_INT_SPACE}]*([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)[${PY_INT_SPACE}]*$`, "u");
const ND_RE = /\p{Nd}/u;
/** CPython's default `sys.get_int_max_str_digits()` (3.11+): longer strings raise. */
const PY_INT_MAX_STR_DIGITS = 4300;

function decimalDigitValue(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  // Unicode guarantees every Nd character sits in a contiguous run 0..9 of its script.
  let start = cp;
  while (start > 0 && ND_RE.test(String.fromCodePoint(start - 1))) start -= 1;
  return (cp - start) % 10;
}

/**
 * Python's `int(value)` as applied by VCBench's `eval/unify_results.py` (@48ab208) to a
 * raw prediction, returning `null` where Python raises.
 *
 * - string: surrounding whitespace (ASCII " \t\n\v\f\r" and non-ASCII Unicode spaces,
 *   not U+001C..U+001F) ignored, optional `+`/`-`, decimal digits of any script
 *   (Unicode Nd, e.g. "３" or "٣"), single `_` allowed between digits ("1_000" → 1000);
 *   anything else ("5 chairs", "five", "3.0", "") → `null`. More than 4,300 digits → `null`
 *   (CPython's default digit limit).
 * - number: truncated toward zero (`int(3.7) == 3`); NaN / ±Infinity → `null` (Python
 *   raises; the reference would crash on ±Infinity, Playhead calls it invalid).
 * - boolean: `true` → 1, `false` → 0 (Python `bool` is an `int`).
 * - null, undefined, arrays, objects → `null`.
 * A result beyond the double range (about 309 digits) becomes ±Infinity; callers treat
 * non-finite values as invalid.
 */
export function pythonIntOrNull(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const t = Math.trunc(value);
    return t === 0 ? 0 : t; // normalise -0
  }
  if (typeof value !== "string") return null;
  const m = PY_INT_STRING_RE.exec(value);
  if (!m) return null;
  const digits = m[2].replace(/_/g, "");
  if ([...digits].length > PY_INT_MAX_STR_DIGITS) return null;
  let ascii = "";
  for (const ch of digits) ascii += String(decimalDigitValue(ch));
  const n = Number(ascii);
  const signed = m[1] === "-" ? -n : n;
  return signed === 0 ? 0 : signed;
}

// ---------------------------------------------------------------------------
// Numbers in free text
// ---------------------------------------------------------------------------

/** One number found in a text. `index`/`end` are UTF-16 offsets into the text. */
export type NumberMatch = {
  value: number;
  index: number;
  end: number;
  text: string;
  kind: "digits" | "words";
};

const UNITS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
  "eighteen", "nineteen",
] as const;
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"] as const;

const UNIT_VALUE = new Map<string, number>(UNITS.map((w, i) => [w, i]));
const TENS_VALUE = new Map<string, number>(TENS.map((w, i) => [w, (i + 2) * 10]));

// Alternatives are tried in order at each position: "one hundred" before "one",
// "twenty-one" before "twenty". Word boundaries are ASCII letters.
const NUMBER_TOKEN_RE = new RegExp(
  [
    `(?<![A-Za-z])(?:(?:a|one)[ \\t-]+)?hundred(?![A-Za-z])`,
    `(?<![A-Za-z])(${TENS.join("|")})(?:(?:[ \\t]*-[ \\t]*|[ \\t]+)(${UNITS.slice(1, 10).join("|")}))?(?![A-Za-z])`,
    `(?<![A-Za-z])(${UNITS.join("|")})(?![A-Za-z])`,
    `(\\d+(?:\\.\\d+)?)`,
  ].join("|"),
  "gi",
);

const SIGN_CHARS = new Set(["-", "+", "\u2212"]);
const ALNUM_RE = /[A-Za-z0-9]/;

/**
 * Every number in `text`, in order of appearance.
 *
 * Recognised forms:
 * - ASCII digits with an optional decimal part: "5", "12", "3.5" ("5." is 5). A directly
 *   preceding "-", "+" or "−" is a sign only when the character before it is not an ASCII
 *   letter or digit ("-3" and "= -3" are negative, "3-5" is 3 then 5, "GPT-4" is 4).
 *   Thousands separators are not understood ("1,000" is 1 then 0); digit runs inside words
 *   count ("3rd" is 3).
 * - English number words, case-insensitive, delimited by non-letters: "zero" … "nineteen",
 *   "twenty" … "ninety", compounds "twenty-one" / "twenty one" … "ninety-nine", and
 *   "hundred" / "a hundred" / "one hundred" = 100. Nothing larger ("two hundred" is 2 then
 *   100) and no "dozen", "once", "twice", "no", "none" (neither VCBench's paper nor any
 *   reference code of the five benchmarks maps those).
 *
 * Empty text → []. Never throws.
 */
export function findNumbers(text: string): NumberMatch[] {
  const out: NumberMatch[] = [];
  NUMBER_TOKEN_RE.lastIndex = 0;
  for (let m = NUMBER_TOKEN_RE.exec(text); m !== null; m = NUMBER_TOKEN_RE.exec(text)) {
    const raw = m[0];
    let index = m.index;
    let value: number;
    let kind: NumberMatch["kind"] = "words";
    if (m[4] !== undefined) {
      kind = "digits";
      value = Number(m[4]);
      const before = text[index - 1];
      if (before !== undefined && SIGN_CHARS.has(before)) {
        const beforeSign = text[index - 2];
        if (beforeSign === undefined || !ALNUM_RE.test(beforeSign)) {
          if (before !== "+") value = -value;
          index -= 1;
        }
      }
    } else if (m[1] !== undefined) {
      value = TENS_VALUE.get(m[1].toLowerCase())! + (m[2] ? UNIT_VALUE.get(m[2].toLowerCase())! : 0);
    } else if (m[3] !== undefined) {
      value = UNIT_VALUE.get(m[3].toLowerCase())!;
    } else {
      value = 100;
    }
    out.push({ value: value === 0 ? 0 : value, index, end: m.index + raw.length, text: text.slice(index, m.index + raw.length), kind });
  }
  return out;
}

/**
 * The value of a text that is exactly one English number word phrase (after trimming,
 * case-insensitive), e.g. "Twenty-one" → 21; anything else → `null`.
 * Same vocabulary as {@link findNumbers}.
 */
export function parseNumberWord(text: string): number | null {
  const t = text.trim();
  const found = findNumbers(t);
  if (found.length !== 1 || found[0].kind !== "words") return null;
  return found[0].index === 0 && found[0].end === t.length ? found[0].value : null;
}

/** The first number of {@link findNumbers}, or `null` when there is none. */
export function firstNumber(text: string): number | null {
  const found = findNumbers(text);
  return found.length > 0 ? found[0].value : null;
}

// ---------------------------------------------------------------------------
// VCBench
// ---------------------------------------------------------------------------

/**
 * VCBench reference rule for a raw prediction: `int(pred)` as in
 * `eval/unify_results.py` @48ab208 (see {@link pythonIntOrNull}). A text holding several
 * numbers, a number word, a decimal or any other word is invalid (`null`).
 */
export function vcbenchReferenceNumber(value: unknown): number | null {
  return pythonIntOrNull(value);
}

/**
 * VCBench paper rule (vcbench.txt §4.1 / B.1): numbers written with digits or English
 * number words are extracted after dropping `<think>` reasoning
 * ({@link finalAnswerRegion}); the paper does not say which of several numbers counts,
 * Playhead takes the first one. A JSON number is used as is (non-finite → `null`);
 * booleans, null and other types → `null`. No number in the text → `null` (invalid).
 */
export function vcbenchPaperNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  return firstNumber(finalAnswerRegion(value));
}

// ---------------------------------------------------------------------------
// TOC-Bench answer_extractor.py
// ---------------------------------------------------------------------------

const THINK_BLOCK_RE = /<think>[\s\S]*?<\/think>/giu;
const THINK_CLOSE_SPLIT_RE = /<\/think>/iu;

/**
 * The concise answer part of a model output, as `_final_answer_region` of TOC-Bench's
 * `answer_extractor.py` (@e4a10bc): strip (Python whitespace); if the lower-cased text
 * contains `</think>`, take what follows the first `</think>` (stripped) when that is
 * non-empty; otherwise remove every complete `<think>…</think>` block (case-insensitive,
 * across lines), replacing it by a space, and strip. An unclosed `<think>` is kept.
 * Empty input → "".
 */
export function finalAnswerRegion(text: string): string {
  if (!text) return "";
  const t = pythonStrip(text);
  if (t.toLowerCase().includes("</think>")) {
    const m = THINK_CLOSE_SPLIT_RE.exec(t);
    if (m) {
      const tail = pythonStrip(t.slice(m.index + m[0].length));
      if (tail) return tail;
    }
  }
  return pythonStrip(t.replace(THINK_BLOCK_RE, " "));
}

const LETTER_PREFIX_RE = new RegExp(
  `^[${PY_SPACE}*"'\`(\\[]*(?:answer[${PY_SPACE}]*[:\\-][${PY_SPACE}]*|the[${PY_SPACE}]+answer[${PY_SPACE}]+is[${PY_SPACE}]+|option[${PY_SPACE}]+)?[${PY_SPACE}*"'\`(\\[]*${NOT_AFTER_WORD}([A-D])${NOT_BEFORE_WORD}`,
  "iu",
);
const LAST_STANDALONE_LETTER_RE = new RegExp(
  `${NOT_AFTER_WORD}([A-D])${NOT_BEFORE_WORD}[${PY_SPACE}.)\\]"'\`]*$`,
  "iu",
);
const STANDALONE_LETTER_RE = new RegExp(`${NOT_AFTER_WORD}([A-D])${NOT_BEFORE_WORD}`, "giu");

/**
 * A single option letter from free text, as `_extract_letter` of TOC-Bench's
 * `answer_extractor.py` (@e4a10bc), returning the upper-case letter or `null`:
 * 1. text = {@link finalAnswerRegion}(text); empty → `null`;
 * 2. leading form: optional quotes/asterisks/brackets, optional "Answer:" / "Answer -" /
 *    "The answer is" / "Option", then a standalone letter A-D (case-insensitive, so a
 *    leading article "a" counts as A) — taken if in `allowed`;
 * 3. else the last standalone letter followed only by whitespace and `.)]"'\``;
 * 4. else the first standalone letter in `allowed` anywhere in the text.
 * "Standalone" uses Python's Unicode word boundary (letters, digits, `_` are word chars).
 * `allowed` is "ABCD" for mcq_4 and "AB" for statement pairs.
 */
export function extractTocLetter(text: string, allowed: string): string | null {
  if (!text) return null;
  const region = finalAnswerRegion(text);
  let m = LETTER_PREFIX_RE.exec(region);
  if (m) {
    const letter = m[1].toUpperCase();
    if (allowed.includes(letter)) return letter;
  }
  m = LAST_STANDALONE_LETTER_RE.exec(region);
  if (m) {
    const letter = m[1].toUpperCase();
    if (allowed.includes(letter)) return letter;
  }
  STANDALONE_LETTER_RE.lastIndex = 0;
  for (let f = STANDALONE_LETTER_RE.exec(region); f !== null; f = STANDALONE_LETTER_RE.exec(region)) {
    const letter = f[1].toUpperCase();
    if (allowed.includes(letter)) return letter;
  }
  return null;
}

/** TOC-Bench `mcq_4`: {@link extractTocLetter} with A-D. */
export function extractTocMcq4(text: string): string | null {
  return extractTocLetter(text, "ABCD");
}

/** TOC-Bench statement pair (`sp`): {@link extractTocLetter} with A-B ("D" → `null`). */
export function extractTocStatementPair(text: string): string | null {
  return extractTocLetter(text, "AB");
}

/** The four answers of TOC-Bench numerical items. */
export const TOC_NUMERIC_BUCKETS = ["2", "3", "4", "5 or more"] as const;
export type TocNumericBucket = (typeof TOC_NUMERIC_BUCKETS)[number];

/**
 * Maps a count to TOC-Bench's numeric bucket as `extract_numerical` does:
 * n <= 1 → `null` (outside the answer space), 2/3/4 → "2"/"3"/"4", n >= 5 → "5 or more";
 * non-integers between buckets and NaN → `null`.
 */
export function tocNumericBucket(n: number): TocNumericBucket | null {
  if (Number.isNaN(n) || n <= 1) return null;
  if (n === 2 || n === 3 || n === 4) return String(n) as TocNumericBucket;
  if (n >= 5) return "5 or more";
  return null;
}

const FIVE_OR_MORE_RE = new RegExp(
  `${NOT_AFTER_WORD}5[${PY_SPACE}]*(?:or[${PY_SPACE}]*more${NOT_BEFORE_WORD}|\\+(?=[${PY_WORD}])|more${NOT_BEFORE_WORD})`,
  "iu",
);
const PLAIN_INT_RE = new RegExp(`${NOT_AFTER_WORD}([0-9]+)${NOT_BEFORE_WORD}`, "u");

/**
 * TOC-Bench numerical answer, as `extract_numerical` of `answer_extractor.py` (@e4a10bc):
 * text = {@link finalAnswerRegion}(text); an explicit "5 or more" / "5 more" / "5+"
 * followed by a word character → "5 or more"; else the first standalone ASCII integer
 * mapped by {@link tocNumericBucket}; none or <= 1 → `null`. Number words ("twice",
 * "three") are not understood by the reference and give `null`; "3.5" gives "3".
 */
export function extractTocNumerical(text: string): TocNumericBucket | null {
  if (!text) return null;
  const region = finalAnswerRegion(text);
  if (FIVE_OR_MORE_RE.test(region)) return "5 or more";
  const m = PLAIN_INT_RE.exec(region);
  if (!m) return null;
  return tocNumericBucket(Number(m[1]));
}

const ORDERING_LETTER_RE = new RegExp(`${NOT_AFTER_WORD}([A-D])${NOT_BEFORE_WORD}`, "giu");

/**
 * TOC-Bench ordering answer, as `extract_ordering` of `answer_extractor.py` (@e4a10bc):
 * in {@link finalAnswerRegion}(text), the first `k` distinct standalone letters A-D
 * (case-insensitive, upper-cased) in order of appearance; fewer than `k` → `null`.
 * Works for "B, A, C", "B -> A -> C", "Order: B then A then C"; a run-together "BAC" has
 * no standalone letters and gives `null` in the reference (see
 * {@link parseOrderingSequence} for a lenient parser).
 */
export function extractTocOrdering(text: string, k: number): string[] | null {
  if (!text) return null;
  const region = finalAnswerRegion(text);
  const seen: string[] = [];
  ORDERING_LETTER_RE.lastIndex = 0;
  for (let m = ORDERING_LETTER_RE.exec(region); m !== null; m = ORDERING_LETTER_RE.exec(region)) {
    const letter = m[1].toUpperCase();
    if (seen.includes(letter)) continue;
    seen.push(letter);
    if (seen.length === k) return seen;
  }
  return null;
}

/** The TOC-Bench answer formats. */
export const TOC_FORMATS = ["mcq_4", "sp", "numerical", "ordering_3", "ordering_4"] as const;
export type TocFormat = (typeof TOC_FORMATS)[number];

/**
 * TOC-Bench `extract(text, format)`: dispatches to {@link extractTocMcq4},
 * {@link extractTocStatementPair}, {@link extractTocNumerical} or
 * {@link extractTocOrdering} (k = 3 or 4). Returns a string, a list of letters, or `null`
 * (invalid). An unknown format also gives `null` (the reference raises ValueError);
 * a non-string input gives `null` (the reference would raise on `.strip()`).
 */
export function extractTocAnswer(text: unknown, format: string): string | string[] | null {
  if (typeof text !== "string") return null;
  switch (format) {
    case "mcq_4":
      return extractTocMcq4(text);
    case "sp":
      return extractTocStatementPair(text);
    case "numerical":
      return extractTocNumerical(text);
    case "ordering_3":
      return extractTocOrdering(text, 3);
    case "ordering_4":
      return extractTocOrdering(text, 4);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// Lenient ordering sequences (Playhead, not a reference rule)
// ---------------------------------------------------------------------------

const ORDER_SEPARATOR_RE = /^(?:,|;|\/|->|-->|=>|→|⟶|>|\bthen\b|\band\b|\s)+$/iu;

/**
 * Lenient parse of an ordering answer such as "B, A, C", "B -> A -> C", "B→A→C",
 * "[B, A, C]", "B A C", "BAC" or "Answer: bac", for human answers and for models that
 * run letters together (TOC-Bench's reference extractor, {@link extractTocOrdering},
 * rejects "BAC").
 *
 * After {@link finalAnswerRegion} and an optional "Answer:" / "Order:" / "Sequence:"
 * prefix and surrounding quotes, brackets, asterisks and a final period, the text must
 * consist only of labels and separators (`,` `;` `/` `->` `-->` `=>` `→` `>` "then" "and"
 * whitespace); labels are single letters from `labels` (case-insensitive). Returns the
 * upper-cased labels in order when every label appears exactly once and, if `k` is
 * given, there are exactly `k` of them; otherwise `null`.
 */
export function parseOrderingSequence(
  text: string,
  labels: readonly string[] = ["A", "B", "C", "D"],
  k?: number,
): string[] | null {
  if (!text) return null;
  let t = finalAnswerRegion(text);
  t = t.replace(/^(?:answer|order|ordering|sequence)\s*[:\-]\s*/iu, "");
  t = t.replace(/^[\s*"'`([{]+/u, "").replace(/[\s*"'`)\]}.]+$/u, "");
  if (!t) return null;
  const upperLabels = labels.map((l) => l.toUpperCase());
  const out: string[] = [];
  let sep = "";
  for (let i = 0; i < t.length; ) {
    const ch = t[i].toUpperCase();
    const prev = t[i - 1];
    const next = t[i + 1];
    const isLabel = upperLabels.includes(ch) && (prev === undefined || !/[A-Za-z]/.test(prev) || upperLabels.includes(prev.toUpperCase())) &&
      (next === undefined || !/[A-Za-z]/.test(next) || upperLabels.includes(next.toUpperCase()));
    if (isLabel && (out.length === 0 ? sep === "" : sep === "" || ORDER_SEPARATOR_RE.test(sep))) {
      out.push(ch);
      sep = "";
      i += 1;
      continue;
    }
    if (isLabel) return null;
    sep += t[i];
    i += 1;
  }
  if (sep !== "" || out.length === 0) return null;
  if (new Set(out).size !== out.length) return null;
  if (k !== undefined && out.length !== k) return null;
  return out;
}
