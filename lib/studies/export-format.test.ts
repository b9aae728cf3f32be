import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { fullCsv, nativeExport, type ExportAnswer, type ExportItem } from "./export-format";

const item = (over: Partial<ExportItem>): ExportItem => ({ itemId: "i1", externalId: "q1", ordinal: 0, format: "mcq_4", question: "Q", ordered: false, queryPointOrdinals: [], ...over });
const ans = (over: Partial<ExportAnswer>): ExportAnswer => ({
  itemId: "i1",
  queryPointOrdinal: null,
  queryTimeSec: null,
  value: "B",
  latencyMs: 1200,
  positionSec: 3,
  answeredAt: "2026-01-01T00:00:00.000Z",
  sessionId: "s1",
  sessionStatus: "COMPLETED",
  sessionFinishedAt: "2026-01-01T00:01:00.000Z",
  participant: "prolific:P1",
  externalSource: "prolific",
  externalId: "P1",
  videoName: "v.mp4",
  attentionCheck: false,
  ...over,
});

describe("exports in each benchmark's prediction format", () => {
  it("TOC-Bench {qa_id, extracted_answer}; only completed sessions; attention checks left out", () => {
    const f = nativeExport("TOCBENCH", "x", [item({}), item({ itemId: "i2", externalId: "q2", ordinal: 1, format: "ordering_3" }), item({ itemId: "i3", externalId: "att" })], [
      ans({}),
      ans({ itemId: "i2", value: ["C", "A", "B"] }),
      ans({ itemId: "i3", attentionCheck: true }),
      ans({ itemId: "i2", sessionId: "s2", sessionStatus: "ACTIVE", value: ["A", "B", "C"] }),
    ]);
    expect(f.body).toBe('{"qa_id":"q1","extracted_answer":"B"}\n{"qa_id":"q2","extracted_answer":["C","A","B"]}\n');
  });

  it("VSTAT {doc_id, prediction} as text; the first participant to finish wins", () => {
    const f = nativeExport("VSTAT", "x", [item({ format: "numeric", ordinal: 7 })], [
      ans({ value: 12, sessionId: "late", sessionFinishedAt: "2026-01-02T00:00:00.000Z" }),
      ans({ value: 11, sessionId: "early" }),
    ]);
    expect(f.body).toBe('{"doc_id":7,"prediction":"11"}\n');
  });

  it("EC-Bench CSV answer and clips columns", () => {
    const f = nativeExport("ECBENCH", "x", [item({ format: "enumeration", ordered: true, question: "Steps, in order?" })], [
      ans({ value: { items: ["cut", "fry"], evidence: [[3, 65.5]] } }),
    ]);
    expect(f.body).toBe('question_id,question,human_answer,human_clips\nq1,"Steps, in order?",cut → fry,"[0:00:03,0:01:05.5]"\n');
  });

  it("VSAS responses per second; full CSV escapes", () => {
    const f = nativeExport("VSAS", "x", [item({ format: "caption" })], [ans({ value: { timeline: [{ sec: 0, text: "a" }, { sec: 1, text: "b" }] } })]);
    expect(JSON.parse(f.body)).toEqual({ task_id: "q1", responses: [{ second: 0, response: "a" }, { second: 1, response: "b" }] });
    const on = { excludeSeenVideos: true };
    expect(fullCsv("x", [item({ format: "freeform" })], [ans({ value: 'say "hi", then' })], on).body.split("\n")[1]).toContain(',"say ""hi"", then","say ""hi"", then",');
    expect(fullCsv("x", [item({})], [ans({})], on).body.split("\n")[1]).toBe("prolific:P1,prolific,P1,s1,COMPLETED,v.mp4,q1,mcq_4,,,0,B,B,1200,3,2026-01-01T00:00:00.000Z,0,1");
    // An unseen answer is flagged in the CSV and left out of the prediction file.
    expect(fullCsv("x", [item({})], [ans({ unseen: true })], on).body.split("\n")[1]).toMatch(/,1,1$/);
    // The study's cross-study exposure setting is in every row (its last column).
    const off = fullCsv("x", [item({})], [ans({})], { excludeSeenVideos: false }).body.split("\n");
    expect([off[0].split(",").at(-1), off[1].split(",").at(-1)]).toEqual(["exclude_seen_videos", "0"]);
    expect(nativeExport("VSAS", "x", [item({ format: "caption" })], [ans({ unseen: true, value: { timeline: [{ sec: 0, text: "a" }] } })]).body).not.toContain('"a"');
  });

  it("a participant's free text never reaches a spreadsheet as a formula (answer, answer_text, ids; EC-Bench answer)", () => {
    const evil = '=HYPERLINK("http://evil.example","x")';
    const full = fullCsv("x", [item({ format: "freeform" })], [ans({ value: evil, participant: "@SUM(1)", externalId: "+1+cmd|calc", videoName: "-cmd" })], { excludeSeenVideos: true });
    const [, row] = parse(full.body) as string[][];
    expect(row[0]).toBe("'@SUM(1)");
    expect(row[2]).toBe("'+1+cmd|calc");
    expect(row[5]).toBe("'-cmd");
    expect(row[11]).toBe(`'${evil}`); // answer
    expect(row[12]).toBe(`'${evil}`); // answer_text
    expect(row.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d/.test(c))).toEqual([]);
    // A negative number stays a number.
    expect(parse(fullCsv("x", [item({ format: "numeric" })], [ans({ value: -3 })], { excludeSeenVideos: true }).body)[1][11]).toBe("-3");
    const native = nativeExport("ECBENCH", "x", [item({ format: "freeform", question: "-Why?" })], [ans({ value: evil })]);
    const [, nrow] = parse(native.body) as string[][];
    expect(nrow[1]).toBe("'-Why?");
    expect(nrow[2]).toBe(`'${evil}`);
  });
});
