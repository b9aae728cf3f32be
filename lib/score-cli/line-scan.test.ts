import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LineScan, RESULT, loadLineScan } from "./line-scan";
import { scoreFiles } from "./vcbench";

/**
 * The WebAssembly line scanner is an accelerator only: whatever it accepts must be read
 * exactly as the JavaScript paths read it. Checked here on whole files (valid, damaged and
 * unusual lines mixed) scored with the scanner and without it: same result, same problems
 * with the same line numbers, same per-question file.
 */

const dir = mkdtempSync(join(tmpdir(), "playhead-line-scan-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let scan: LineScan | null = null;
beforeAll(async () => {
  scan = await loadLineScan();
}, 120_000);

const SUBTYPES = ["O1-Snap", "O1-Delta", "O2-Unique", "O2-Gain", "E1-Action", "E1-Transit", "E2-Periodic", "E2-Episode"];

function put(s: LineScan, text: string): [number, number] {
  const bytes = Buffer.from(text);
  const view = s.lineBuffer(bytes.length);
  bytes.copy(view, 0);
  return [s.buf, s.buf + bytes.length];
}

describe("line scanner", () => {
  it("is available (compiled from its AssemblyScript source) and reads a truth and a prediction line", () => {
    expect(scan).not.toBeNull();
    const s = scan!;
    const truth = '{"id":"q-7","source_dataset":"x","question":"How many?","counting_subtype":"E2-Episode","occurrence_times":{"start":[1.5],"end":[4]},"query_points":{"time":[13.8,30.9],"count":[0,-2.25]}}';
    expect(s.ex.truthLine(...put(s, truth))).toBe(1);
    const out = s.outputs();
    expect(out.results[RESULT.subtype]).toBe(7);
    expect(out.results[RESULT.countA]).toBe(2);
    expect(Array.from(out.a.subarray(0, 2))).toEqual([13.8, 30.9]);
    expect(Array.from(out.b.subarray(0, 2))).toEqual([0, -2.25]);
    expect(Buffer.from(s.lineBuffer(truth.length).subarray(out.results[RESULT.idStart] - s.buf, out.results[RESULT.idEnd] - s.buf)).toString()).toBe("q-7");
    const pred = '{"id":"q-7","query_times":[13.8,30.9],"predictions":[null,3],"extra":{"a":[true,false,"\\u00e9"]}}';
    expect(s.ex.predLine(...put(s, pred))).toBe(1);
    const p = s.outputs();
    expect(p.results[RESULT.present]).toBe(3);
    expect(Number.isNaN(p.a[0])).toBe(true);
    expect(p.a[1]).toBe(3);
    // Declined: an exponent, an escaped id, a per-point record, malformed JSON.
    for (const line of ['{"id":"a","counting_subtype":"O1-Snap","query_points":{"time":[1e1],"count":[1]}}', '{"id":"a\\u0041","counting_subtype":"O1-Snap","query_points":{"time":[1],"count":[1]}}'])
      expect(s.ex.truthLine(...put(s, line))).toBe(0);
    for (const line of ['{"id":"a","query_time":1,"prediction":2}', '{"id":"a","predictions":[1,]}', '{"id":"a","predictions":[01]}'])
      expect(s.ex.predLine(...put(s, line))).toBe(0);
  });

  it("reads lines longer than its buffer (the memory grows in place) like the JavaScript scanner", async () => {
    const long = "x".repeat(3_000_000);
    const truth = join(dir, "long-truth.jsonl");
    const preds = join(dir, "long-preds.jsonl");
    writeFileSync(truth, [`{"id":"a","question":"${long}","counting_subtype":"O1-Snap","query_points":{"time":[1,2],"count":[1,2]}}`, '{"id":"b","counting_subtype":"E1-Action","query_points":{"time":[5],"count":[3]}}'].join("\n"));
    writeFileSync(preds, [`{"id":"a","note":"${long}","predictions":[1,3]}`, `{"id":"b","predictions":[3]}`].join("\n"));
    const run = async (mode: "on" | "off") => {
      process.env.PLAYHEAD_LINE_SCAN = mode;
      try {
        return await scoreFiles({ truth, preds, perQuestionOut: join(dir, `long-${mode}.jsonl`) });
      } finally {
        delete process.env.PLAYHEAD_LINE_SCAN;
      }
    };
    const on = await run("on");
    expect(on).toEqual(await run("off"));
    expect((on.result.overall as { n_points: number }).n_points).toBe(3);
    expect(readFileSync(join(dir, "long-on.jsonl"), "utf8")).toBe(readFileSync(join(dir, "long-off.jsonl"), "utf8"));
  });

  it("scores mixed, damaged and unusual files exactly as the JavaScript scanner does (property)", async () => {
    const num = fc.oneof(
      fc.integer({ min: -5, max: 40 }).map(String),
      fc.double({ min: 0, max: 600, noNaN: true }).map((d) => JSON.stringify(Math.round(d * 10) / 10)),
      fc.constantFrom("0.5", "-0", "1e2", "2E-1", "12345678901234567", "null", "\"3\"", "true"),
    );
    const ws = fc.constantFrom("", "", "", " ", "\t");
    const list = fc.array(num, { minLength: 0, maxLength: 5 }).chain((xs) => ws.map((w) => `[${w}${xs.join(`,${w}`)}]`));
    const str = fc.oneof(fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)), fc.constantFrom('"a\\"b"', '"\\u00e9t\\u00e9"', '"é"'));
    const extra = fc.oneof(str, num, list, fc.constantFrom("{}", '{"start":[1,2],"end":[3,4]}', "[[1],[2,[3]]]", "false"));
    const idOf = (k: number) => fc.constantFrom(`"q${k}"`, `"q${k}"`, `"q${k}"`, `"q\\u0030${k}"`, `"é${k}"`, `${k}`, `""`);
    const mutate = (line: string) =>
      fc.tuple(fc.nat(), fc.constantFrom("", ",", "}", "]", '"', "\\", ":", "0", "-", ".", "e", "\u0001", "n", "[", "{", " "), fc.constantFrom("keep", "keep", "keep", "insert", "delete")).map(([pos, ch, how]) => {
        const at = pos % Math.max(1, line.length);
        return how === "keep" ? line : how === "insert" ? line.slice(0, at) + ch + line.slice(at) : line.slice(0, at) + line.slice(at + 1);
      });
    const truthLine = (k: number) =>
      fc
        .tuple(idOf(k), fc.constantFrom(...SUBTYPES, "Other"), fc.array(num, { minLength: 1, maxLength: 4 }), fc.array(fc.tuple(fc.constantFrom("question", "video_path", "occurrence_times", "id"), extra), { maxLength: 3 }), ws, fc.boolean())
        .map(([id, st, times, extras, w, countsFirst]) => {
          const counts = times.map((_, i) => String(i));
          const qp = countsFirst ? `{"count":[${counts.join(",")}],${w}"time":[${times.join(",")}]}` : `{"time":[${times.join(`,${w}`)}],"count":[${counts.join(",")}]}`;
          const members = [`"id":${w}${id}`, `"counting_subtype":"${st}"`, ...extras.map(([key, v]) => `"${key}":${v}`), `"query_points":${qp}`];
          return `{${members.join(`,${w}`)}}`;
        })
        .chain(mutate);
    const predLine = (k: number) =>
      fc
        .tuple(idOf(k), fc.array(num, { maxLength: 4 }), fc.option(fc.array(num, { maxLength: 4 })), fc.option(fc.array(num, { maxLength: 4 })), fc.option(fc.tuple(fc.constantFrom("query_time", "prediction", "note"), extra)), ws)
        .map(([id, preds, qt, gts, other, w]) => {
          const members = [`"id":${id}`, `"predictions":${w}[${preds.join(",")}]`];
          if (qt) members.push(`"query_times":[${qt.join(",")}]`);
          if (gts) members.push(`"gts":[${gts.join(",")}]`);
          if (other) members.push(`"${other[0]}":${other[1]}`);
          return `{${members.join(`,${w}`)}}`;
        })
        .chain(mutate);
    const file = (line: (k: number) => fc.Arbitrary<string>) =>
      fc.integer({ min: 1, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => fc.oneof({ weight: 12, arbitrary: line(k % 9) }, { weight: 1, arbitrary: fc.constantFrom("", "  ", "[]", "{}") }))));

    let run = 0;
    await fc.assert(
      fc.asyncProperty(file(truthLine), file(predLine), async (truthLines, predLines) => {
        const truth = join(dir, `t${run}.jsonl`);
        const preds = join(dir, `p${run}.jsonl`);
        run += 1;
        writeFileSync(truth, truthLines.join("\n") + "\n");
        writeFileSync(preds, predLines.join("\r\n"));
        const scored = async (mode: "on" | "off") => {
          process.env.PLAYHEAD_LINE_SCAN = mode;
          const perQuestionOut = join(dir, `pq-${mode}.jsonl`);
          try {
            const out = await scoreFiles({ truth, preds, perQuestionOut });
            return { out, perQuestion: readFileSync(perQuestionOut, "utf8") };
          } catch (err) {
            return { error: (err as Error).message };
          } finally {
            delete process.env.PLAYHEAD_LINE_SCAN;
          }
        };
        const withScan = await scored("on");
        const without = await scored("off");
        expect(withScan).toEqual(without);
      }),
      { numRuns: Number(process.env.SCAN_RUNS ?? 150) },
    );
  }, 120_000);
});
