/**
 * Parsing of time stamps, clip lists and enumeration lists as they appear in benchmark
 * files (EC-Bench `dataset.csv`: `clips` and `answer` cells) and in model outputs.
 *
 * Nothing here throws on bad input: unreadable pieces are returned as `Problem`s
 * (`lib/metrics/problems.ts`) next to whatever could be read.
 *
 * Pure TypeScript: no I/O, no dependencies outside `lib/metrics/`.
 */
import type { Interval } from "./intervals";
import type { Problem } from "./problems";

/** Where a parsed cell comes from, copied into every problem reported for it. */
export type CellContext = { line?: number; id?: string; field?: string };

export type TimestampParse = {
  /** Time in seconds. */
  seconds: number;
  /**
   * True when the text is written canonically: plain (decimal) seconds, or colon
   * fields after the first having exactly two integer digits (`1:02:03`, `02:03`,
   * `0:01:02.5`). `0:1:40` parses (100 s) but is not canonical.
   */
  canonical: boolean;
};

const HMS = /^(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/;
const MS = /^(\d+):(\d{1,2}(?:\.\d+)?)$/;
const SECONDS = /^(\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Parses one time stamp into seconds, reporting whether it is canonical.
 *
 * Accepted forms (surrounding whitespace ignored):
 * - `H:MM:SS[.f]` → 3600·H + 60·MM + SS, with MM < 60 and SS < 60 (H unbounded);
 * - `M:SS[.f]` / `MM:SS[.f]` → 60·M + SS, SS < 60 (M unbounded, e.g. `75:30`);
 * - plain seconds `S[.f]` (`12`, `12.5`, `.5`).
 * One-digit MM/SS fields (`0:1:40`) are read but flagged `canonical: false`.
 * Returns `null` for anything else: empty text, negative values, more than three
 * fields, minutes/seconds >= 60 after a higher field, non-ASCII digits, other
 * characters.
 */
export function parseTimestampDetailed(text: string): TimestampParse | null {
  const t = text.trim();
  if (t === "") return null;
  let m = HMS.exec(t);
  if (m) {
    const h = Number(m[1]);
    const mm = Number(m[2]);
    const ss = Number(m[3]);
    if (mm >= 60 || ss >= 60) return null;
    const canonical = m[2].length === 2 && intDigits(m[3]) === 2;
    return { seconds: h * 3600 + mm * 60 + ss, canonical };
  }
  m = MS.exec(t);
  if (m) {
    const mm = Number(m[1]);
    const ss = Number(m[2]);
    if (ss >= 60) return null;
    return { seconds: mm * 60 + ss, canonical: intDigits(m[2]) === 2 };
  }
  m = SECONDS.exec(t);
  if (m) return { seconds: Number(m[1]), canonical: true };
  return null;
}

/**
 * Parses one time stamp (`H:MM:SS`, `MM:SS`, plain seconds, optional decimals; see
 * `parseTimestampDetailed`) into seconds, or `null` when it cannot be read.
 */
export function parseTimestamp(text: string): number | null {
  return parseTimestampDetailed(text)?.seconds ?? null;
}

/**
 * Formats seconds as `H:MM:SS` (EC-Bench's clip format), with up to three decimals
 * when the value is not a whole second (`0:01:02.5`). Negative or non-finite input
 * gives `""`.
 */
export function formatTimestamp(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "";
  const ms = Math.round(seconds * 1000);
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const base = `${h}:${pad2(m)}:${pad2(s)}`;
  if (frac === 0) return base;
  return `${base}.${String(frac).padStart(3, "0").replace(/0+$/, "")}`;
}

export type ClipListParse = { intervals: Interval[]; problems: Problem[] };

/**
 * Lenient parser for a clip list cell: `[start,end]` pairs separated by commas,
 * newlines, spaces or periods, each time in any `parseTimestamp` form. Built for what
 * EC-Bench's `dataset.csv` really contains (63 of 1,699 cells are malformed), and for
 * JSON-like model output (`[["0:01:00","0:02:00"]]`, `[[60, 120]]`).
 *
 * Algorithm:
 * 1. The cell is cut at every `[` and `]` into chunks; chunks holding only separators
 *    (whitespace `,` `.` `;`) are skipped, so missing or doubled brackets are harmless.
 * 2. In a chunk, `;` between digits is read as `:` (`1:00;55`), spaces around colons
 *    are removed (`0: 28:22`), quotes are stripped, and the chunk is split at commas
 *    (empty fields from `,,` ignored).
 * 3. If every field is a time stamp and their number is even, they pair up in order.
 * 4. Otherwise the chunk's strict `H:MM:SS` tokens are taken (so `[0:10:16:0:10:17]`,
 *    `[0:27:32.0:27:36]`, `[0:26:11,0,0:26:23]` are read) when there is an even,
 *    non-zero number of them; else the chunk is reported `clip_unparseable`.
 * 5. A pair with end < start is dropped (`clip_reversed`), as the reference does.
 *
 * Problems: `clip_repaired` (read, but the text was not canonical: semicolons,
 * one-digit fields, leading colon, spaces in a time, `H:MM:SS` mixed with `MM:SS` in
 * one pair, unclear separators; the message says how it was read), `clip_unparseable`, `clip_reversed`. Empty/blank cells give no intervals and
 * no problem. Intervals are returned in text order, unmerged.
 *
 * Differs from the reference `parse_clip_intervals` (see `parseClipListReference`)
 * only on malformed cells: the reference pairs all strict `H:MM:SS` tokens of the
 * whole cell in order, so one unreadable time shifts every later pair.
 */
export function parseClipList(text: string | null | undefined, ctx: CellContext = {}): ClipListParse {
  const intervals: Interval[] = [];
  const problems: Problem[] = [];
  if (text == null) return { intervals, problems };
  const report = (code: string, message: string) => problems.push({ code, message, ...ctx });

  for (const rawChunk of String(text).split(/[[\]]/)) {
    const chunk = rawChunk.replace(/^[\s,.;"'`]+|[\s,.;"'`]+$/g, "");
    if (chunk === "") continue;
    const shown = truncate(chunk.replace(/\s+/g, " "), 60);
    let repaired = false;
    let fixed = chunk.replace(/(\d)\s*;\s*(\d)/g, "$1:$2").replace(/\s*:\s*/g, ":");
    if (fixed !== chunk) repaired = true;
    fixed = fixed.replace(/["'`]/g, "");
    const fields = fixed
      .split(",")
      .map((f) => f.trim())
      .filter((f) => f !== "");

    let times: number[] | null = null;
    const parsed = fields.map((f) => parseLenientField(f));
    if (parsed.length > 0 && parsed.length % 2 === 0 && parsed.every((p) => p !== null)) {
      times = parsed.map((p) => p!.seconds);
      if (parsed.some((p) => !p!.canonical)) repaired = true;
      // Mixed forms in one chunk (`[0:06:09,06:15]`): read, but worth a look.
      if (new Set(fields.map((f) => f.split(":").length)).size > 1) repaired = true;
    } else {
      const tokens = [...fixed.matchAll(/(?<!\d)(\d{1,2}):(\d{2}):(\d{2})(?!\d)/g)].map(
        (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
      );
      if (tokens.length > 0 && tokens.length % 2 === 0) {
        times = tokens;
        repaired = true;
      }
    }
    if (!times) {
      report("clip_unparseable", `Could not read a [start,end] pair from "${shown}"; it is ignored.`);
      continue;
    }
    const pairs: Interval[] = [];
    for (let i = 0; i + 1 < times.length; i += 2) pairs.push([times[i], times[i + 1]]);
    if (repaired) {
      report(
        "clip_repaired",
        `Clip "${shown}" is not written as [H:MM:SS,H:MM:SS]; read as ${pairs
          .map(([s, e]) => `[${formatTimestamp(s)},${formatTimestamp(e)}]`)
          .join(", ")}.`,
      );
    }
    for (const [s, e] of pairs) {
      if (e < s) {
        report("clip_reversed", `Clip [${formatTimestamp(s)},${formatTimestamp(e)}] ends before it starts; it is ignored.`);
        continue;
      }
      intervals.push([s, e]);
    }
  }
  return { intervals, problems };
}

/**
 * Clip parsing exactly as the EC-Bench reference `parse_clip_intervals`
 * (`close_models/evaluation/judge_core.py`), for reproducing published numbers:
 * - `null`/`undefined`/NaN/blank/`"nan"` → `[]`;
 * - an array (or text that parses as a JSON / single-quoted list, standing in for
 *   Python's `literal_eval`) → each 2-element item whose two values, as strings, fully
 *   match `H:MM:SS` (1–2 digit hours, 2-digit minutes and seconds) becomes a pair;
 * - other text → every `\d{1,2}:\d{2}:\d{2}` match in order, paired (1st,2nd),
 *   (3rd,4th)…; an odd last token is ignored.
 * Pairs with end < start are dropped. No problems are reported (the reference is
 * silent). ASCII digits only (Python's `\d` also matches other Unicode digits).
 */
export function parseClipListReference(raw: unknown): Interval[] {
  if (raw == null || (typeof raw === "number" && Number.isNaN(raw))) return [];
  if (Array.isArray(raw)) return referenceListPairs(raw);
  const text = String(raw).trim();
  if (text === "" || text.toLowerCase() === "nan") return [];
  const literal = tryListLiteral(text);
  if (literal) return referenceListPairs(literal);
  const tokens = [...text.matchAll(/(\d{1,2}):(\d{2}):(\d{2})/g)].map(
    (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
  );
  const out: Interval[] = [];
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    if (tokens[i + 1] >= tokens[i]) out.push([tokens[i], tokens[i + 1]]);
  }
  return out;
}

/** How EC-Bench clip cells are read: `reference` (default, as `judge_core.py`) or `lenient` (opt-in repairs). */
export const CLIP_PARSERS = ["reference", "lenient"] as const;
export type ClipParser = (typeof CLIP_PARSERS)[number];
/** The default clip parser everywhere (CLI, server scorer, import preview): the reference's. */
export const DEFAULT_CLIP_PARSER: ClipParser = "reference";

/**
 * One clip cell read with the chosen parser: `reference` gives `parseClipListReference`'s
 * intervals and no problems (the reference is silent); `lenient` gives `parseClipList`'s
 * intervals and one problem per repaired, unreadable or reversed clip (with `ctx`).
 */
export function parseClipCell(text: string | null | undefined, parser: ClipParser, ctx: CellContext = {}): ClipListParse {
  if (parser === "reference") return { intervals: parseClipListReference(text), problems: [] };
  return parseClipList(text, ctx);
}

export type EnumerationParse = {
  /** The items, trimmed, in text order; duplicates kept. */
  items: string[];
  /** True when the list uses arrows (ordered steps, `A → B → C`). */
  ordered: boolean;
};

const ARROW = /\s*(?:→|->|⟶|⇒|=>|➔|➜|➡)\s*/u;

/**
 * Splits an enumeration answer into items.
 *
 * - Ordered lists (the text contains an arrow `→`, `->`, `⟶`, `⇒`, `=>`, `➔`, `➜`
 *   or `➡`; EC-Bench annotators "use arrows for ordered steps"): split at arrows and
 *   newlines only, so commas inside a step stay in it
 *   (`Pound onion, chili, and salt → Squeeze lime` is two steps).
 * - Otherwise: split at commas, semicolons and newlines.
 * Each item is trimmed; a leading bullet (`-`, `*`, `•`) or number marker (`1.`, `2)`)
 * and, for the last items of a list, a leading `and `/`or ` are removed; empty items
 * (from `a,,b`, trailing commas, blank lines) are dropped.
 * Blank/`null` input gives no items. `None` is kept as an item (EC-Bench writes
 * "None" when no item exists; a judge would match it like any other item).
 */
export function parseEnumeration(text: string | null | undefined): EnumerationParse {
  if (text == null) return { items: [], ordered: false };
  const s = String(text).replace(/\r\n?/g, "\n");
  const ordered = ARROW.test(s);
  const pieces = ordered ? s.split(new RegExp(`${ARROW.source}|\\n`, "u")) : s.split(/[,;\n]/);
  const items: string[] = [];
  for (const piece of pieces) {
    let item = piece.trim();
    item = item.replace(/^(?:[-*•]\s+|\d{1,3}[.)]\s+)/u, "");
    if (items.length > 0) item = item.replace(/^(?:and|or)\s+/i, "");
    item = item.trim();
    if (item !== "") items.push(item);
  }
  return { items, ordered };
}

function parseLenientField(field: string): TimestampParse | null {
  const direct = parseTimestampDetailed(field);
  if (direct) return direct;
  // A missing hour (":10:53") is read as hour 0.
  const m = /^:(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(field);
  if (m) {
    const p = parseTimestampDetailed(`0:${m[1]}:${m[2]}`);
    return p ? { seconds: p.seconds, canonical: false } : null;
  }
  return null;
}

function referenceListPairs(list: unknown[]): Interval[] {
  const out: Interval[] = [];
  for (const item of list) {
    if (!Array.isArray(item) || item.length !== 2) continue;
    const s = referenceToSeconds(String(item[0]));
    const e = referenceToSeconds(String(item[1]));
    if (s !== null && e !== null && e >= s) out.push([s, e]);
  }
  return out;
}

function referenceToSeconds(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(value.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

function tryListLiteral(text: string): unknown[] | null {
  if (!text.startsWith("[")) return null;
  for (const candidate of [text, text.replace(/'/g, '"')]) {
    try {
      const v: unknown = JSON.parse(candidate);
      if (Array.isArray(v)) return v;
      return null;
    } catch {
      // not a literal; try the next form
    }
  }
  return null;
}

function intDigits(field: string): number {
  const dot = field.indexOf(".");
  return dot === -1 ? field.length : dot;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
