/**
 * Shared helpers of the projects API tests (import after tests/support/test-db).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { POST as createProject } from "@/app/api/projects/route";
import { testDb } from "./support/test-db";
import { call, type CallResult, type SessionSubject } from "./support/requests";

export const importFixture = (name: string) => path.join(process.cwd(), "tests/fixtures/import", name);
export const projectFixture = (name: string) => path.join(process.cwd(), "tests/fixtures/projects", name);

export type UploadOptions = { as: SessionSubject | null; name?: string; fileName?: string; dryRun?: boolean; expectSha256?: string; headers?: Record<string, string> };

/** POST /api/projects?kind=..: uploads `body` as the benchmark file. */
export async function uploadProject(kind: string, body: Uint8Array | string, o: UploadOptions): Promise<CallResult> {
  const query: Record<string, string> = { kind };
  if (o.name !== undefined) query.name = o.name;
  if (o.dryRun) query.dryRun = "1";
  if (o.expectSha256) query.expectSha256 = o.expectSha256;
  return call(createProject, "/api/projects", {
    method: "POST",
    as: o.as,
    query,
    body: typeof body === "string" ? body : Buffer.from(body),
    headers: { "x-file-name": encodeURIComponent(o.fileName ?? "upload.bin"), "content-type": "application/octet-stream", ...o.headers },
  });
}

/** Dry run, then the real import of the same bytes (what the UI does). */
export async function importProject(kind: string, file: string, as: SessionSubject, name: string): Promise<CallResult> {
  const bytes = await readFile(file);
  const dry = await uploadProject(kind, bytes, { as, name, fileName: path.basename(file), dryRun: true });
  if (dry.status !== 200) throw new Error(`dry run of ${file}: ${dry.status} ${dry.text}`);
  const res = await uploadProject(kind, bytes, { as, name, fileName: path.basename(file), expectSha256: dry.json.file.sha256 });
  if (res.status !== 201 && res.status !== 200) throw new Error(`import of ${file}: ${res.status} ${res.text}`);
  return res;
}

/** Files left in the upload scratch directory. */
export async function scratchFiles(): Promise<string[]> {
  return readdir(path.join(testDb.dataDir, "tmp")).catch(() => []);
}
