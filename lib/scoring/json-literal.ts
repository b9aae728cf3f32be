/**
 * The literal text of a number in a JSON object (PURE), for the one rule that needs more than
 * `JSON.parse` gives: TOC-Bench compares Python's `str()` of a numeric `extracted_answer`, so
 * `3` and `3.0` differ (lib/metrics/tocbench.ts). Used by the command-line scorer and by
 * uploaded runs alike.
 */

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function skipWs(t: string, i: number): number {
  while (i < t.length && WS.has(t.charCodeAt(i))) i++;
  return i;
}

/** Index just past the string starting at `t[i]` (a quote), or -1. */
function stringEnd(t: string, i: number): number {
  for (let j = i + 1; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
  }
  return -1;
}

/** Index just past the JSON value starting at `t[i]`, or -1. */
function valueEnd(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 0x22) return stringEnd(t, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let j = i; j < t.length; j++) {
      const d = t.charCodeAt(j);
      if (d === 0x22) {
        j = stringEnd(t, j) - 1;
        if (j < 0) return -1;
      } else if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < t.length && !WS.has(t.charCodeAt(j)) && t[j] !== "," && t[j] !== "}" && t[j] !== "]") j++;
  return j > i ? j : -1;
}

/**
 * The text of the number that top-level key `key` of the JSON object `text` holds, as written
 * (`3.0`, `-1e2`), or undefined when the key is absent, its value is not a number, or `text` is
 * not an object. A key given twice: the last one, as `JSON.parse` keeps. Escaped keys are read
 * as `JSON.parse` reads them.
 */
export function topLevelNumberLiteral(text: string, key: string): string | undefined {
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  i = skipWs(text, i + 1);
  let found: string | undefined;
  while (i < text.length && text.charCodeAt(i) === 0x22) {
    const ke = stringEnd(text, i);
    if (ke < 0) return undefined;
    const raw = text.slice(i + 1, ke - 1);
    let name = raw;
    if (raw.includes("\\")) {
      try {
        name = JSON.parse(text.slice(i, ke)) as string;
      } catch {
        return undefined;
      }
    }
    i = skipWs(text, ke);
    if (text[i] !== ":") return undefined;
    i = skipWs(text, i + 1);
    const ve = valueEnd(text, i);
    if (ve < 0) return undefined;
    if (name === key) {
      const c = text.charCodeAt(i);
      found = c === 0x2d || (c >= 0x30 && c <= 0x39) ? text.slice(i, ve) : undefined;
    }
    i = skipWs(text, ve);
    if (text[i] === ",") i = skipWs(text, i + 1);
    else break;
  }
  return found;
}
