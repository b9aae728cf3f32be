import "server-only";
import { rm } from "node:fs/promises";
import { importParsed, type ImportOutcome } from "@/lib/benchmarks/import-project";
import { issue } from "@/lib/benchmarks/issues";
import { parseBenchmarkFile } from "@/lib/benchmarks/parse-file";
import { defaultProjectName } from "@/lib/benchmarks/project-defaults";
import type { BenchmarkKindName, ParseResult } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/prisma";
import type { BenchmarkKind } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { readLines } from "@/lib/scoring/read-lines";
import { truthCommitted } from "@/lib/truth/truth-version";
import { receiveUpload } from "@/lib/video-library/receive-upload";
import { parseUploadName, UPLOAD_NAME_HEADER } from "@/lib/video-library/upload-name";
import { sha256File } from "@/lib/video/hash-file";
import { parseCustomItems } from "./custom-format";
import { isNoChange } from "./import-report";
import { createLimiter } from "./limiter";
import { maxBenchmarkBytes } from "./upload-limits";
import { plural } from "@/lib/text/plural";

/**
 * Importing an uploaded benchmark file (create a project, or a new version of a project's file).
 *
 * 1. The raw request body is streamed to a temp file under <data>/tmp (lib/video-library
 *    receiveUpload): never held in memory, refused with 413 as soon as it crosses the limit
 *    (PLAYHEAD_MAX_BENCHMARK_BYTES) or at once when Content-Length says so.
 * 2. The file is parsed by the benchmark's importer (lib/benchmarks; JSONL and CSV stream line
 *    by line, JSON documents are bounded by the size limit) and compared with the project.
 *    At most two files are parsed / imported at once per process; more wait, and beyond eight
 *    waiting the request gets 503, so a burst of uploads cannot starve other requests.
 * 3. Dry run: the report only, nothing written. Otherwise the colleague's importer writes
 *    everything in ONE transaction (all or nothing) and records an ImportJob.
 * 4. The temp file is removed in every case.
 *
 * `expectSha256` (from the dry run) makes the real import refuse a different file (409), so
 * what is imported is exactly what was checked.
 */

export type UploadImportOptions = {
  kind: BenchmarkKind;
  /** Target project name (created when it does not exist); default: the file's base name. */
  projectName?: string;
  dryRun: boolean;
  expectSha256?: string;
  actorId: string;
};

export type UploadImportBody = {
  kind: BenchmarkKind;
  file: { name: string; size: number; sha256: string };
  report: ImportOutcome;
  /** The project the file went (or would go) into; null when it does not exist yet or on errors. */
  project: { id: string; name: string; slug: string } | null;
  /** The target project existed before this request. */
  existingProject: boolean;
  /** No errors, and nothing would be / was created or updated. */
  noChanges: boolean;
};

export type UploadImportResult = { status: number; body: UploadImportBody & { error?: { code: string; message: string } } };

const importSlots = createLimiter(2, 8);

function emptyOutcome(dryRun: boolean, errors: ImportOutcome["errors"]): ImportOutcome {
  return {
    items: 0,
    query_points: 0,
    videos_referenced: 0,
    warnings: [],
    errors,
    project: null,
    dry_run: dryRun,
    file_kind: "unknown",
    mode: "items",
    created: 0,
    updated: 0,
    unchanged: 0,
    videos_linked: 0,
    import_job_id: null,
  };
}

/** Parses a stored upload with the kind's importer (CUSTOM: Playhead's generic JSONL). */
export async function parseUploadedFile(kind: BenchmarkKind, file: string): Promise<ParseResult> {
  if (kind === "CUSTOM") return parseCustomItems(readLines(file));
  return parseBenchmarkFile(kind as BenchmarkKindName, file);
}

function failure(status: number, body: UploadImportBody): UploadImportResult {
  const first = body.report.errors[0];
  const more = body.report.errors.length - 1;
  const message = first ? `${first.message}${more > 0 ? ` (and ${plural(more, "more error")})` : ""}` : "The file cannot be imported.";
  return { status, body: { ...body, error: { code: "invalid_file", message } } };
}

export async function importUploadedBenchmark(request: Request, options: UploadImportOptions): Promise<UploadImportResult> {
  const named = parseUploadName(request.headers.get(UPLOAD_NAME_HEADER));
  if (!named.ok) throw new HttpError(400, named.reason, "bad_file_name");
  const fileName = named.name;
  const projectName = (options.projectName?.trim() || defaultProjectName(fileName)).slice(0, 200);
  const base = { kind: options.kind, file: { name: fileName, size: 0, sha256: "" }, project: null, existingProject: false, noChanges: false };

  let received: { file: string; size: number };
  try {
    received = await receiveUpload(request, maxBenchmarkBytes());
  } catch (e) {
    if (e instanceof HttpError && e.code === "empty_upload") {
      return failure(422, { ...base, report: emptyOutcome(options.dryRun, [issue("empty_file", `${fileName} is empty (0 bytes): nothing to import`)]) });
    }
    throw e;
  }
  try {
    const sha256 = await sha256File(received.file);
    const file = { name: fileName, size: received.size, sha256 };
    if (options.expectSha256 && options.expectSha256.toLowerCase() !== sha256) {
      throw new HttpError(409, "This file differs from the one checked in the dry run. Check it again before importing.", "file_changed", { sha256 });
    }
    const release = await importSlots.acquire();
    if (!release) throw new HttpError(503, "Too many imports are running. Try again in a minute.", "busy");
    try {
      const parsed = await parseUploadedFile(options.kind, received.file);
      const before = parsed.errors.length === 0 ? await db.project.findUnique({ where: { name: projectName }, select: { id: true } }) : null;
      // importParsed is kind-agnostic apart from VCBench's data/eval handling; CUSTOM goes through it too.
      const report = await importParsed(parsed, {
        kind: options.kind as BenchmarkKindName,
        fileName,
        sha256,
        projectName,
        dryRun: options.dryRun,
        actorId: options.actorId,
      });
      const project =
        report.errors.length === 0 ? await db.project.findUnique({ where: { name: projectName }, select: { id: true, name: true, slug: true } }) : null;
      const body: UploadImportBody = {
        kind: options.kind,
        file,
        report,
        project,
        existingProject: !!before,
        noChanges: report.errors.length === 0 && !!before && (report.mode === "eval_match" || isNoChange(report)),
      };
      if (report.errors.length > 0) return failure(422, body);
      // Runs made stale by changed truth (flagged in the import's transaction) are rescored in the background.
      if (!options.dryRun) truthCommitted();
      return { status: !options.dryRun && !before ? 201 : 200, body };
    } finally {
      release();
    }
  } finally {
    await rm(received.file, { force: true });
  }
}
