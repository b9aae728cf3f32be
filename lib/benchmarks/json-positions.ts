/**
 * Line numbers inside a JSON document, for messages about items of one large JSON file
 * (TOC-Bench `answer_final.json`, VSTAT `{"data": {task: [doc, ...]}}`).
 */

/**
 * Start lines (1-based) of the elements of every array whose path matches `pattern`
 * (`["items"]`, `["data", "*"]`; `"*"` matches any key). Keys are the concrete paths
 * joined with "\u0000". The text must be valid JSON (parse it first); on invalid text the
 * result is incomplete but the function does not throw.
 */
export function arrayElementLines(text: string, pattern: readonly string[]): Map<string, number[]> {
  type Frame = { kind: "obj" | "arr"; path: string[]; key: string | null; expectKey: boolean; record: number[] | null };
  const out = new Map<string, number[]>();
  const stack: Frame[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  const matches = (path: string[]) => path.length === pattern.length && pattern.every((p, k) => p === "*" || p === path[k]);

  const valueStarts = () => {
    const top = stack[stack.length - 1];
    if (top && top.kind === "arr" && top.record) top.record.push(line);
  };
  const childPath = (): string[] => {
    const top = stack[stack.length - 1];
    if (!top) return [];
    return top.kind === "obj" ? [...top.path, top.key ?? ""] : [...top.path, "#"];
  };

  while (i < n) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "," || c === ":") {
      if (c === ",") {
        const top = stack[stack.length - 1];
        if (top && top.kind === "obj") top.expectKey = true;
      }
      i++;
      continue;
    }
    if (c === '"') {
      const start = i + 1;
      let j = start;
      let escaped = false;
      while (j < n && text[j] !== '"') {
        if (text[j] === "\\") {
          escaped = true;
          j += 2;
        } else {
          if (text[j] === "\n") line++;
          j++;
        }
      }
      const raw = text.slice(start, j);
      i = j + 1;
      const top = stack[stack.length - 1];
      if (top && top.kind === "obj" && top.expectKey) {
        top.key = escaped ? safeJsonString(raw) : raw;
        top.expectKey = false;
      } else valueStarts();
      continue;
    }
    if (c === "{" || c === "[") {
      valueStarts();
      const path = childPath();
      let record: number[] | null = null;
      if (c === "[" && matches(path)) {
        record = [];
        out.set(path.join("\u0000"), record);
      }
      stack.push({ kind: c === "{" ? "obj" : "arr", path, key: null, expectKey: c === "{", record });
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      stack.pop();
      i++;
      continue;
    }
    // number, true, false, null
    valueStarts();
    while (i < n && !/[\s,\]}]/.test(text[i])) i++;
  }
  return out;
}

function safeJsonString(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** 1-based line and column of a character offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastNl = -1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lastNl = i;
    }
  }
  return { line, column: end - lastNl };
}

/**
 * Where `JSON.parse` failed, from its error message: V8 names a character position
 * ("... at position 123", sometimes with "(line 5 column 3)"); "Unexpected end of JSON
 * input" means the text was cut short (reported at its last line).
 */
export function jsonErrorLocation(text: string, err: unknown): { line: number; column: number; reason: string } {
  const reason = err instanceof Error ? err.message : String(err);
  const lc = /\(line (\d+) column (\d+)\)/.exec(reason);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]), reason };
  const pos = /at position (\d+)/.exec(reason);
  if (pos) return { ...lineColumnAt(text, Number(pos[1])), reason };
  return { ...lineColumnAt(text, text.length), reason };
}
