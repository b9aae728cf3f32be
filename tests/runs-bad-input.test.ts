import { db, testDb } from "@/tests/support/test-db";
import { createReadStream, readFileSync } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRunsRoute, POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { call, readResponse, routeContext, sessionCookie, TEST_ORIGIN } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Bad prediction files (issue 4, "Bad input") through POST /api/projects/[projectId]/runs: each
 * is refused with a report naming the line and field, nothing is written, and the server keeps
 * answering other requests meanwhile. (Empty files, truncated JSON and another benchmark's
 * predictions are in tests/runs-upload.test.ts; bad benchmark files in tests/projects-import.test.ts.)
 */
const fx = (...p: string[]) => path.join(process.cwd(), "tests/fixtures", ...p);

let reviewer: TestUser;
let vcId: string;
let ecId: string;
let tmp: string;

async function upload(projectId: string, body: string, query: Record<string, string>) {
  return call(uploadRoute, `/api/projects/${projectId}/runs`, {
    method: "POST",
    body,
    headers: { "content-type": "application/octet-stream", "x-file-name": query.fileName ?? "preds.jsonl" },
    query,
    params: { projectId },
    as: reviewer,
  });
}

const written = async () => ({ runs: await db.modelRun.count({ where: { kind: { not: "CHANCE" } } }), results: await db.runItemResult.count() });

beforeAll(async () => {
  reviewer = await createTestUser({ role: "REVIEWER" });
  tmp = await mkdtemp(path.join(os.tmpdir(), "playhead-runs-bad-"));
  expect((await importBenchmarkFile({ kind: "VCBENCH", file: fx("vcbench", "vcbench_data.jsonl"), projectName: "bad vc" })).errors).toEqual([]);
  expect((await importBenchmarkFile({ kind: "ECBENCH", file: fx("ecbench", "truth.csv"), projectName: "bad ec" })).errors).toEqual([]);
  vcId = (await db.project.findUniqueOrThrow({ where: { name: "bad vc" } })).id;
  ecId = (await db.project.findUniqueOrThrow({ where: { name: "bad ec" } })).id;
  await addMembers(vcId, reviewer);
  await addMembers(ecId, reviewer);
});

afterAll(() => rm(tmp, { recursive: true, force: true }));

describe(`runs: bad prediction files (${testDb.provider})`, () => {
  it("wrong types: refused with 400 naming the line and field, nothing written", async () => {
    const before = await written();
    const body = ['{"id": "0000", "predictions": "three"}', '{"id": 18, "predictions": [1, 2, 3]}'].join("\n");
    const res = await upload(vcId, body, { name: "wrong types" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "no_usable_record", details: { line: 1, field: "predictions" } });
    expect(res.json.error.message).toContain('line 1: field "predictions" must be a list');
    expect(res.json.error.message).toContain('line 2: id "18" is not an item of this project');
    expect(await written()).toEqual(before);
    expect(await db.modelRun.findFirst({ where: { name: "wrong types" } })).toBeNull();
  });

  it("unknown formats: a format option that does not exist, a file of no known shape, a binary file", async () => {
    const before = await written();
    const opt = await upload(vcId, '{"id": "0000", "predictions": [2, 4, 0]}\n', { name: "x", format: "xml" });
    expect(opt.status).toBe(400);
    expect(opt.json.error.details).toEqual([expect.objectContaining({ field: "format" })]);
    expect(opt.json.error.message).toMatch(/^format: .*"auto"\|"native"\|"generic"/);
    const shape = await upload(vcId, '{"question": 1, "guess": "B"}\n{"question": 2, "guess": "C"}\n', { name: "unknown shape" });
    expect(shape.status).toBe(400);
    expect(shape.json.error).toMatchObject({ code: "no_usable_record", details: { line: 1, field: "id" } });
    expect(shape.json.error.message).toContain('line 1: field "id" must be a non-empty string');
    const binary = await upload(vcId, "\u0000\u0001PK\u0003\u0004 binary", { name: "binary" });
    expect(binary.status).toBe(400);
    // A control character (here NUL) anywhere in the text refuses the file before it is parsed (PostgreSQL cannot store it).
    expect(binary.json.error).toMatchObject({ code: "control_character", details: { line: 1 } });
    expect(binary.json.error.message).toContain("holds a control character (U+0000 at character 1 of the line)");
    expect(binary.json.error.message).toContain("this is a VCBench project, which expects JSONL lines");
    expect(await written()).toEqual(before);
  });

  it("a CSV with a broken quote (EC-Bench): refused naming its line, nothing written", async () => {
    const before = await written();
    const lines = readFileSync(fx("ecbench", "preds.csv"), "utf8").split("\n");
    // Line 2 opens a quoted question and closes it in the middle of a field.
    const broken = [lines[0], 'https://x,1,cartoon,1,A,Counting,"How many times, unclosed,"[0:03:19,0:03:23]",2,x,2,', ...lines.slice(1)].join("\n");
    const res = await upload(ecId, broken, { name: "broken quote", fileName: "preds.csv" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "malformed_csv", details: { line: 2 } });
    expect(res.json.error.message).toMatch(/^line 2 of preds\.csv: unreadable CSV record .*quoting is broken/);
    expect(await written()).toEqual(before);
    // The intact file is accepted.
    expect((await upload(ecId, lines.join("\n"), { name: "intact", fileName: "preds.csv" })).status).toBe(201);
  });

  describe("a 200 MB file", () => {
    let big = "";
    beforeAll(async () => {
      // 200 MB of valid-looking JSONL, written to a temp dir (never committed).
      big = path.join(tmp, "huge-preds.jsonl");
      const fh = await open(big, "w");
      const line = Buffer.from('{"id": "0000", "predictions": [2, 4, 0]}\n'.padEnd(1024, " "));
      const block = Buffer.concat(Array.from({ length: 1024 }, () => line));
      for (let i = 0; i < 200; i++) await fh.write(block);
      await fh.close();
    }, 120_000);

    it("announced by Content-Length: 413 at once, nothing written", async () => {
      const before = await written();
      const request = new NextRequest(new URL(`/api/projects/${vcId}/runs?name=huge`, TEST_ORIGIN), {
        method: "POST",
        headers: { cookie: await sessionCookie(reviewer), "content-type": "application/octet-stream", "content-length": String(200 * 1024 * 1024) },
        body: "x",
      });
      const res = await readResponse(await uploadRoute(request, routeContext({ projectId: vcId })));
      expect(res.status).toBe(413);
      expect(res.json.error).toMatchObject({ code: "too_large" });
      expect(res.json.error.message).toMatch(/larger than 64 MiB/);
      expect(await written()).toEqual(before);
    });

    it("streamed from disk without a length: cut off at the limit while other requests are answered", async () => {
      const before = await written();
      let sent = 0;
      const stream = createReadStream(big, { highWaterMark: 1024 * 1024 });
      stream.on("data", (c) => (sent += c.length));
      const request = new NextRequest(new URL(`/api/projects/${vcId}/runs?name=huge`, TEST_ORIGIN), {
        method: "POST",
        headers: { cookie: await sessionCookie(reviewer), "content-type": "application/octet-stream" },
        body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as unknown as ConstructorParameters<typeof NextRequest>[1]);
      const uploading = uploadRoute(request, routeContext({ projectId: vcId })).then(readResponse);
      // Another request is answered meanwhile (the order of the two answers is not asserted).
      const list = await call(listRunsRoute, `/api/projects/${vcId}/runs`, { as: reviewer, params: { projectId: vcId } });
      expect(list.status).toBe(200);
      const res = await uploading;
      stream.destroy();
      expect(res.status).toBe(413);
      expect(res.json.error.code).toBe("too_large");
      expect(sent).toBeLessThan(120 * 1024 * 1024);
      expect(await written()).toEqual(before);
      expect(await db.modelRun.findFirst({ where: { name: "huge" } })).toBeNull();
    });

    it("as a streamed multipart form: cut off at the limit too (the form is not buffered whole)", async () => {
      const before = await written();
      let sent = 0;
      const boundary = "----playhead-bad-input";
      async function* parts() {
        yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\nhuge form\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="huge.jsonl"\r\ncontent-type: application/x-ndjson\r\n\r\n`);
        for await (const c of createReadStream(big, { highWaterMark: 1024 * 1024 })) {
          sent += (c as Buffer).length;
          yield c as Buffer;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const request = new NextRequest(new URL(`/api/projects/${vcId}/runs`, TEST_ORIGIN), {
        method: "POST",
        headers: { cookie: await sessionCookie(reviewer), "content-type": `multipart/form-data; boundary=${boundary}` },
        body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as unknown as ConstructorParameters<typeof NextRequest>[1]);
      const res = await readResponse(await uploadRoute(request, routeContext({ projectId: vcId })));
      expect(res.status).toBe(413);
      expect(res.json.error.code).toBe("too_large");
      expect(sent).toBeLessThan(120 * 1024 * 1024);
      expect(await written()).toEqual(before);
    });
  });
});
